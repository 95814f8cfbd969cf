/** Overlap of two word lists (Dice), 0 to 1; `bothEmpty` is what two empty lists count as. */
export function wordOverlap(a: readonly string[], b: readonly string[], bothEmpty: number): number {
  if (a.length + b.length === 0) return bothEmpty;
  const inA = new Set(a);
  return (2 * b.filter((w) => inA.has(w)).length) / (a.length + b.length);
}
