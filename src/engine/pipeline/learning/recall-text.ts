import { readingOrder, type Candidate } from '../fields/candidate.js';
import { fuzzyLocate } from './fuzzy-locate.js';
import type { FieldMemory } from './learning-schema.js';
import { charKeys, type PageChar } from './page-text.js';

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
// a close wording is now and then another branch's or the clerk's own variant).
const TEXT_RECALL_CONFIDENCE = { exact: 0.97, close: 0.85 } as const;

/**
 * A fixed text of the layout (a merchant's name and address are printed the same on every receipt):
 * each remembered wording is looked for on the page; the closest one found is the value, in the
 * clerk's confirmed wording, at the place the page prints it. Nothing is answered when the page
 * does not print it (another branch, another wording).
 */
export function recallText(chars: readonly PageChar[], memories: readonly FieldMemory[]): Recalled | undefined {
  const keys = chars.map((c) => c.key);
  let best: (Recalled & { ratio: number }) | undefined;
  for (const [wording, support] of wordings(memories)) {
    const wanted = charKeys(wording);
    const match = fuzzyLocate(wanted, keys);
    if (!match || !closeEnough(match.distance, wanted.length)) continue;
    const found = chars.slice(match.start, match.end);
    const ratio = match.distance / wanted.length;
    if (best && (ratio > best.ratio || (ratio === best.ratio && support <= best.support))) continue;
    const first = found[0]!;
    const confidence = match.distance === 0 ? TEXT_RECALL_CONFIDENCE.exact : TEXT_RECALL_CONFIDENCE.close;
    const candidate = { value: wording, page: first.page, boxes: found.filter((c) => c.page === first.page).map((c) => c.box), confidence, labelLength: 0, order: readingOrder(first.page, first.row, first.segment) };
    best = { candidate, support, ratio };
  }
  return best && { candidate: best.candidate, support: best.support };
}

/** The distinct remembered wordings (compared by their letters and digits), each with how many documents confirmed it. */
function wordings(memories: readonly FieldMemory[]): Map<string, number> {
  const byKey = new Map<string, { wording: string; support: number }>();
  for (const m of memories) {
    const key = charKeys(m.value).join('');
    const held = byKey.get(key);
    byKey.set(key, { wording: held?.wording ?? m.value, support: (held?.support ?? 0) + 1 });
  }
  return new Map([...byKey.values()].map((w) => [w.wording, w.support]));
}

function closeEnough(distance: number, length: number): boolean {
  return distance === 0 || (length >= MIN_FUZZY_LENGTH && distance <= Math.max(1, length * MAX_RECALL_DISTANCE));
}
