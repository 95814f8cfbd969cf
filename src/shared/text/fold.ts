/**
 * Full-width ASCII forms (U+FF01–FF5E), the ideographic space and the full-width yen sign become their
 * ASCII twins. Each code unit maps to one code unit, so indexes into the folded text are indexes into
 * the original: positions found on folded text stay true.
 */
export function fold(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000\uFFE5]/g, (ch) => {
    if (ch === '\u3000') return ' ';
    if (ch === '\uFFE5') return '\u00A5';
    return String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
  });
}
