/** Where a wanted text sits in a longer one, allowing misreadings: [start, end) and the edits needed. */
export interface FuzzyMatch {
  start: number;
  end: number;
  distance: number;
}

/**
 * The stretch of `text` closest to `wanted` by edit distance (Sellers' approximate search: the match
 * may start anywhere). On a tie the earlier end wins. Undefined when nothing is wanted.
 */
export function fuzzyLocate(wanted: readonly string[], text: readonly string[]): FuzzyMatch | undefined {
  const m = wanted.length;
  const n = text.length;
  if (m === 0 || n === 0) return undefined;
  // cost[i][j]: edits to turn wanted[0..i) into a stretch of text ending at j.
  const cost = new Int32Array((m + 1) * (n + 1));
  const at = (i: number, j: number) => i * (n + 1) + j;
  for (let i = 1; i <= m; i++) {
    cost[at(i, 0)] = i;
    for (let j = 1; j <= n; j++) {
      const same = wanted[i - 1] === text[j - 1] ? 0 : 1;
      cost[at(i, j)] = Math.min(cost[at(i - 1, j - 1)]! + same, cost[at(i - 1, j)]! + 1, cost[at(i, j - 1)]! + 1);
    }
  }
  let end = 1;
  for (let j = 2; j <= n; j++) if (cost[at(m, j)]! < cost[at(m, end)]!) end = j;
  return { start: startOf(cost, wanted, text, end), end, distance: cost[at(m, end)]! };

  // Back along the cheapest path to where the stretch begins; an equal diagonal step is taken first.
  function startOf(c: Int32Array, w: readonly string[], t: readonly string[], j0: number): number {
    let [i, j] = [m, j0];
    while (i > 0 && j > 0) {
      const here = c[at(i, j)]!;
      if (here === c[at(i - 1, j - 1)]! + (w[i - 1] === t[j - 1] ? 0 : 1)) [i, j] = [i - 1, j - 1];
      else if (here === c[at(i - 1, j)]! + 1) i -= 1;
      else j -= 1;
    }
    return j;
  }
}
