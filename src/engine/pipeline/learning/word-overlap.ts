/**
 * Overlap of two word lists (Dice), 0 to 1; `bothEmpty` is what two empty lists count as. `same`
 * says which words are one (by default, equal ones).
 */
export function wordOverlap(a: readonly string[], b: readonly string[], bothEmpty: number, same?: (x: string, y: string) => boolean): number {
  if (a.length + b.length === 0) return bothEmpty;
  const inA = new Set(a);
  return (2 * b.filter((w) => inA.has(w) || (same !== undefined && a.some((x) => same(x, w)))).length) / (a.length + b.length);
}

// A word this long may be misread by one letter and still be the word ("tolal" for "total"); a shorter one is another word.
const MIN_MISREAD_LENGTH = 4;

/** Two words one OCR misreading apart: equal, or of 4 letters or more and one letter changed, added or left out. */
export function misreadAlike(x: string, y: string): boolean {
  if (x === y) return true;
  if (Math.min(x.length, y.length) < MIN_MISREAD_LENGTH || Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && x[start] === y[start]) start++;
  let [endX, endY] = [x.length, y.length];
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) [endX, endY] = [endX - 1, endY - 1];
  return endX - start <= 1 && endY - start <= 1;
}
