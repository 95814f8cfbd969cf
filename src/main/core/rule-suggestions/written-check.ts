import { referenceOf, type FieldTarget } from './field-targets.js';

/** Part of a check expression and the fields it names. */
export interface Written {
  text: string;
  uses: FieldTarget[];
}

export const literal = (text: string): Written => ({ text, uses: [] });

export const reference = (target: FieldTarget): Written => ({ text: referenceOf(target), uses: [target] });

/** Parts joined around literal text: `join(['sum(', col, ') = ', total])`. */
export function join(parts: readonly (string | Written)[]): Written {
  const written = parts.map((p) => (typeof p === 'string' ? literal(p) : p));
  return { text: written.map((w) => w.text).join(''), uses: written.flatMap((w) => w.uses) };
}
