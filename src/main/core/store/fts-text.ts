// unicode61 splits text on spaces and punctuation, which suits Latin scripts but would take a run
// of Chinese or Japanese characters as one word, so that a word inside it (科技 in 北京星河科技有限公司)
// could not be found. A run is therefore indexed as its overlapping pairs of characters followed by
// its last character (北京科技 → 北京 京科 科技 技): one token per character, as many as indexing each
// character alone, but a two-character word reads one short list instead of two long ones. A
// query for a run of two or more characters is the phrase of its pairs, found wherever it stands in
// a longer run; a single character is a prefix, which matches the pairs starting with it and the
// last character of a run.
const CJK_CHAR = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af\\uff66-\\uff9f]';
// OCR often puts spaces between Chinese characters: a run goes on across them (not across lines).
const CJK_RUN = new RegExp(`${CJK_CHAR}(?:[ \\t\\u3000]*${CJK_CHAR})*`, 'gu');
const SINGLE_CJK = new RegExp(`^${CJK_CHAR}$`, 'u');
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The tokens of a run of CJK characters; the last character alone only when `withLast`. */
function runTokens(run: string, withLast: boolean): string[] {
  const chars = [...run.replace(/[ \t\u3000]/gu, '')];
  if (chars.length === 1) return chars;
  const pairs = chars.slice(1).map((char, i) => `${chars[i]!}${char}`);
  return withLast ? [...pairs, chars.at(-1)!] : pairs;
}

/** Text as it is written to an FTS5 column. */
export function ftsTextOf(text: string): string {
  return text.replace(CJK_RUN, (run) => ` ${runTokens(run, true).join(' ')} `);
}

/**
 * The tokens of one typed term. A run that ends the term may go on in the text, where its last
 * character is then part of a pair: that character is left out, or made a prefix when it is the
 * whole run.
 */
function termTokens(term: string): string[] {
  const text = term.replace(CJK_RUN, (run: string, offset: number) => {
    const followed = LETTER_OR_DIGIT.test(term.slice(offset + run.length));
    return ` ${runTokens(run, followed).join(' ')} `;
  });
  return text.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

/**
 * An FTS5 MATCH expression for what a clerk typed: every whitespace-separated term must occur
 * (as a phrase of its tokens), the last one as a prefix so that results follow the typing.
 * Returns undefined when nothing searchable is left.
 */
export function ftsQueryOf(input: string): string | undefined {
  const terms = input
    .split(/\s+/u)
    .map(termTokens)
    .filter((tokens) => tokens.length > 0);
  if (terms.length === 0) return undefined;
  return terms
    .map((tokens, i) => {
      const prefix = i === terms.length - 1 || SINGLE_CJK.test(tokens.at(-1)!);
      return `"${tokens.join(' ')}"${prefix ? ' *' : ''}`;
    })
    .join(' ');
}
