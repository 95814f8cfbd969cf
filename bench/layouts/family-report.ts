import { HIGH_CONFIDENCE, pct, type ScoredValue } from '../real-documents/calibration.js';
import type { DocumentScore } from './family-score.js';

const sure = (v: ScoredValue) => v.confidence >= HIGH_CONFIDENCE;

/** One line of figures for a group of documents: values, lines, and how far confidence can be trusted. */
function figures(label: string, scores: readonly DocumentScore[]): string {
  const values = scores.flatMap((s) => s.values);
  const lines = scores.flatMap((s) => s.lines);
  const right = values.filter((v) => v.right);
  const confident = values.filter(sure);
  return [
    `  ${label.padEnd(34)} values ${pct(right.length, values.length).padEnd(17)}`,
    `lines ${lines.length === 0 ? '-'.padEnd(17) : pct(lines.filter(Boolean).length, lines.length).padEnd(17)}`,
    `right at >= ${HIGH_CONFIDENCE} ${pct(confident.filter((v) => v.right).length, confident.length).padEnd(17)}`,
    `right values reaching ${HIGH_CONFIDENCE} ${pct(right.filter(sure).length, right.length)}`,
  ].join(' ');
}

/** Every wrong value given at high confidence. */
function wrongSure(scores: readonly DocumentScore[]): string[] {
  return scores.flatMap((s) => s.values.filter((v) => sure(v) && !v.right)).map((v) => `      ${v.id} ${v.field}: ${JSON.stringify(v.found)} (${v.confidence.toFixed(2)}), printed ${JSON.stringify(v.truth)}`);
}

/** The bench's report: per family (kept-out ones marked) with its wrong sure values, then the totals. */
export function familyReport(scores: readonly DocumentScore[], families: readonly string[], keptOut: readonly string[]): string[] {
  const of = (names: readonly string[]) => scores.filter((s) => names.includes(s.family));
  const out: string[] = [];
  for (const family of families) {
    out.push(figures(`${family}${keptOut.includes(family) ? ' (kept out)' : ''}`, of([family])));
    out.push(...wrongSure(of([family])));
  }
  const fitted = families.filter((f) => !keptOut.includes(f));
  const held = families.filter((f) => keptOut.includes(f));
  const totals: [string, readonly DocumentScore[]][] = [['families open to fitting', of(fitted)], ['families kept out of every fit', of(held)], ['all', scores]];
  return [...out, ...totals.filter(([, group]) => group.length > 0).map(([label, group]) => figures(label, group))];
}
