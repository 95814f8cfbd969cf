import { LEXICON, type LexiconEntry } from './prose-lexicon.js';
import type { ProseSegment } from './prose-mentions.js';
import type { ProseSymbol } from './prose-symbol.js';
import { VALUES } from './prose-values.js';

const ENTRIES: readonly (LexiconEntry & { regex: RegExp })[] = [...LEXICON, ...VALUES].map((entry) => ({ ...entry, regex: new RegExp(entry.pattern, 'iyu') }));

const WORD_CHAR = /[A-Za-z0-9]/u;

/** Latin words match whole ("over" is not in "overdue"); Chinese has no spaces to stop at. */
function wholeWords(text: string, at: number, length: number): boolean {
  const cut = (inside: number, outside: number) => WORD_CHAR.test(text[inside] ?? '') && WORD_CHAR.test(text[outside] ?? '');
  return !cut(at, at - 1) && !cut(at + length - 1, at + length);
}

/** The longest phrase or value that starts at `at`, or undefined when the word there is filler. */
function longestAt(text: string, at: number): { length: number; symbols: ProseSymbol[] } | undefined {
  let best: { length: number; symbols: ProseSymbol[] } | undefined;
  for (const entry of ENTRIES) {
    entry.regex.lastIndex = at;
    const match = entry.regex.exec(text);
    if (match && match[0].length > (best?.length ?? 0) && wholeWords(text, at, match[0].length)) best = { length: match[0].length, symbols: entry.symbols(match) };
  }
  return best;
}

function symbolsOfText(text: string): ProseSymbol[] {
  const symbols: ProseSymbol[] = [];
  let at = 0;
  while (at < text.length) {
    const found = longestAt(text, at);
    if (found) {
      symbols.push(...found.symbols);
      at += found.length;
      continue;
    }
    at += /^[A-Za-z0-9'-]+/u.exec(text.slice(at))?.[0].length ?? 1;
  }
  return symbols;
}

/** A sentence as the suggester reads it: its fields, and the words of the lexicon between them. */
export function proseSymbolsOf(segments: readonly ProseSegment[]): ProseSymbol[] {
  return segments.flatMap((segment) => (segment.kind === 'mention' ? [{ kind: 'field' as const, text: segment.text, targets: segment.targets }] : symbolsOfText(segment.text)));
}
