import { readingOrder, type Candidate } from '../fields/candidate.js';
import type { VisualRow } from '../layout/segments.js';
import { fuzzyLocate } from './fuzzy-locate.js';
import type { FieldMemory } from './learning-schema.js';
import { charKeys, type PageChar } from './page-text.js';
import { recallLines } from './recall-lines.js';

/** A remembered text found again on the page, and how many confirmed documents it came from. */
export interface Recalled {
  candidate: Candidate;
  support: number;
}

// The page's text may differ from a remembered text by this share of its characters and still be it, misread.
const MAX_RECALL_DISTANCE = 0.08;
// A short text must be printed as remembered (two misread characters of six make another word); a longer one may have one misread.
const MIN_FUZZY_LENGTH = 10;
// How sure a text found again is: printed as remembered, or close to it (then under 0.9, for the clerk to glance at:
// a close wording is now and then another branch's or the clerk's own variant); found only line by line (a garbled
// line, another order), or the chain's lines with the page's own branch line: for the clerk to check.
const TEXT_RECALL_CONFIDENCE = { exact: 0.97, close: 0.85, lines: 0.8, branch: 0.75 } as const;

/** A wording found on the page: how (the order of TEXT_RECALL_CONFIDENCE), its share of edits, and the candidate. */
interface Found extends Recalled {
  how: keyof typeof TEXT_RECALL_CONFIDENCE;
  ratio: number;
}

/**
 * A fixed text of the layout (a merchant's name and address are printed the same on every receipt):
 * each remembered wording is looked for on the page; the closest one found is the value, in the
 * clerk's confirmed wording, at the place the page prints it. Only when no wording is found whole
 * is each looked for line by line (recallLines: a garbled line, another order, another branch's line).
 * Nothing is answered when the page does not print it (another merchant, another address).
 */
export function recallText(rows: readonly VisualRow[][], chars: readonly PageChar[], memories: readonly FieldMemory[]): Recalled | undefined {
  const keys = chars.map((c) => c.key);
  const held = wordings(memories);
  const whole = held.flatMap(({ memory, support }) => {
    const found = wholeFound(chars, keys, memory.value, support);
    // A close wording whose last line the page prints otherwise is the chain's address over another branch's line.
    const branch = found?.how === 'close' ? linesFound(rows, chars, keys, memory, support) : undefined;
    return (branch?.how === 'branch' ? branch : found) ?? [];
  });
  const found = whole.length > 0 ? whole : held.flatMap(({ memory, support }) => linesFound(rows, chars, keys, memory, support) ?? []);
  const order = Object.keys(TEXT_RECALL_CONFIDENCE);
  const best = found.sort((a, b) => order.indexOf(a.how) - order.indexOf(b.how) || a.ratio - b.ratio || b.support - a.support)[0];
  return best && { candidate: best.candidate, support: best.support };
}

function wholeFound(chars: readonly PageChar[], keys: readonly string[], wording: string, support: number): Found | undefined {
  const wanted = charKeys(wording);
  const match = fuzzyLocate(wanted, keys);
  if (!match || !closeEnough(match.distance, wanted.length)) return undefined;
  const how = match.distance === 0 ? 'exact' : 'close';
  return { how, ratio: match.distance / wanted.length, support, candidate: candidateOf(wording, chars.slice(match.start, match.end), how) };
}

function linesFound(rows: readonly VisualRow[][], chars: readonly PageChar[], keys: readonly string[], memory: FieldMemory, support: number): Found | undefined {
  const found = recallLines(rows, chars, keys, memory);
  if (!found) return undefined;
  const how = found.branch ? 'branch' : 'lines';
  return { how, ratio: found.distance / Math.max(1, charKeys(found.value).length), support, candidate: candidateOf(found.value, found.chars, how) };
}

function candidateOf(value: string, found: readonly PageChar[], how: Found['how']): Candidate {
  const first = found[0]!;
  return { value, page: first.page, boxes: found.filter((c) => c.page === first.page).map((c) => c.box), confidence: TEXT_RECALL_CONFIDENCE[how], labelLength: 0, order: readingOrder(first.page, first.row, first.segment) };
}

/**
 * The distinct remembered wordings (compared by their letters and digits), each with how many
 * documents confirmed it, and the most alike document's memory of it (its lines and place).
 */
function wordings(memories: readonly FieldMemory[]): { memory: FieldMemory; support: number }[] {
  const byKey = new Map<string, { memory: FieldMemory; support: number }>();
  for (const m of memories) {
    const key = charKeys(m.value).join('');
    const held = byKey.get(key);
    byKey.set(key, { memory: held?.memory ?? m, support: (held?.support ?? 0) + 1 });
  }
  return [...byKey.values()];
}

function closeEnough(distance: number, length: number): boolean {
  return distance === 0 || (length >= MIN_FUZZY_LENGTH && distance <= Math.max(1, length * MAX_RECALL_DISTANCE));
}
