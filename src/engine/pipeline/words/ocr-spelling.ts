// The engine's recognizer has no mark for most accented Latin letters (no ö, ß, ç, Ä...; ä and é
// only sometimes), so a scan prints "Verkaufer" and "Wahrung" where the page says "Verkäufer" and
// "Währung". Labels are compared in this spelling too; values keep what was read.

const LATIN = /\p{Script=Latin}/gu;
const MARKS = /\p{M}/gu;

/** Latin letters without their diacritics ("Fälligkeit" -> "Falligkeit"), one code unit for one: indexes stay true. */
export function withoutMarks(text: string): string {
  return text.replace(LATIN, (ch) => {
    const base = ch.normalize('NFD').replace(MARKS, '');
    return base.length === ch.length ? base : ch;
  });
}

/** A label and, when it has accented letters, the same label as a scan reads it. */
export function withOcrSpelling(labels: readonly string[]): string[] {
  return [...new Set(labels.flatMap((label) => [label, withoutMarks(label)]))];
}

// The recognizer reads ß as B: a capital B inside a lower-case word ("LieferantenstraBe", "gemaB").
const B_FOR_SHARP_S = /(?<=\p{Ll})B(?=\p{Ll}|[^\p{L}]|$)/gu;

/** A text whose letters a recognizer without ß read: that B as ß again ("Hauptstraße 20"), one code unit for one. */
export function withSharpS(text: string): string {
  return text.replace(B_FOR_SHARP_S, 'ß');
}

/**
 * Whether a page's text shows a recognizer that drops marks: a known word with marks printed without
 * them ("Wahrung" for "Währung", at least five letters so that it is no other word's part by chance),
 * or a B read for ß.
 */
export function marksLost(text: string, knownWords: readonly string[]): boolean {
  if (new RegExp(B_FOR_SHARP_S.source, 'u').test(text)) return true;
  const lower = text.toLowerCase();
  return knownWords.some((word) => {
    const plain = withoutMarks(word.toLowerCase());
    return plain !== word.toLowerCase() && plain.length >= 5 && lower.includes(plain);
  });
}
