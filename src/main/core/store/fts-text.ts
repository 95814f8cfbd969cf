// unicode61 splits text on spaces and punctuation, which suits Latin scripts but would take a run
// of Chinese or Japanese characters as one word. Each CJK character is therefore indexed as a
// word of its own, and a query for a CJK run becomes a phrase of single characters: a substring
// search that uses the index.
const CJK = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f])/gu;

/** Text as it is written to an FTS5 column. */
export function ftsTextOf(text: string): string {
  return text.replace(CJK, ' $1 ');
}

/**
 * An FTS5 MATCH expression for what a clerk typed: every whitespace-separated term must occur
 * (as a phrase of its tokens), the last one as a prefix so that results follow the typing.
 * Returns undefined when nothing searchable is left.
 */
export function ftsQueryOf(input: string): string | undefined {
  const terms = input
    .split(/\s+/u)
    .map((term) => ftsTextOf(term).replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
    .filter((term) => term.length > 0);
  if (terms.length === 0) return undefined;
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? ' *' : ''}`).join(' ');
}
