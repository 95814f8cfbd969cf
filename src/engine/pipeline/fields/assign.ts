import type { Candidate } from './candidate.js';

/** Of a multi-value field, values this close to the best one are all kept. */
const MULTI_VALUE_SHARE = 0.75;

export interface FieldChoice {
  multiValue: boolean;
  distinctValues: boolean;
  /** Candidates best first. */
  candidates: Candidate[];
}

const charKeys = (c: Candidate) => c.boxes.map((b) => `${c.page}:${b.join(',')}`);

/**
 * Values for all fields at once, surest first: a text taken by one field is no longer a candidate
 * for another, so "Total" and "Subtotal" never answer with the same printed amount (unless the
 * candidate says it is shared: the total that is also the amount due).
 */
export function assignJointly(fields: readonly FieldChoice[]): Candidate[][] {
  const taken = new Set<string>();
  const chosen: Candidate[][] = fields.map(() => []);
  const queue = fields.flatMap((f, i) => f.candidates.map((c, rank) => ({ i, c, rank }))).sort((a, b) => b.c.confidence - a.c.confidence || a.rank - b.rank);
  for (const { i, c } of queue) {
    const field = fields[i]!;
    const held = chosen[i]!;
    if (held.length > 0 && (!field.multiValue || c.confidence < held[0]!.confidence * MULTI_VALUE_SHARE)) continue;
    if (field.distinctValues && held.some((h) => h.value === c.value)) continue;
    const keys = charKeys(c);
    if (!c.shared && keys.some((k) => taken.has(k))) continue;
    held.push(c);
    if (!c.shared) keys.forEach((k) => taken.add(k));
  }
  return chosen.map((held) => held.sort((a, b) => a.order - b.order));
}

/** One value reached through two labels ("价税合计", "价税合计(小写)") or two ways counts once, at its surest. */
export function onePerValueBox(candidates: readonly Candidate[]): Candidate[] {
  const byBox = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.page}:${c.boxes[0]!.join(',')}:${c.boxes.length}`;
    const held = byBox.get(key);
    if (!held || c.confidence > held.confidence || (c.confidence === held.confidence && c.labelLength > held.labelLength)) byBox.set(key, c);
  }
  return [...byBox.values()];
}
