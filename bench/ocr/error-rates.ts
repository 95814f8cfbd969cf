import type { BenchLine, BenchPage } from './page-set.js';

/** A line some OCR engine read, with its box [left, top, right, bottom]. */
export type ReadLine = { text: string; box: [number, number, number, number] };

export function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** Each read line goes to the ground-truth line whose centre (after the page's skew) is nearest vertically. */
export function matchLines(page: BenchPage, read: readonly ReadLine[]): Map<BenchLine, string> {
  const turn = (page.skew * Math.PI) / 180;
  const centreY = (line: BenchLine) => {
    const [x, y] = [(line.box[0] + line.box[2]) / 2 - page.width / 2, (line.box[1] + line.box[3]) / 2 - page.height / 2];
    return x * Math.sin(turn) + y * Math.cos(turn) + page.height / 2;
  };
  const assigned = new Map<BenchLine, ReadLine[]>(page.lines.map((l) => [l, []]));
  for (const line of read) {
    const y = (line.box[1] + line.box[3]) / 2;
    const nearest = page.lines.reduce((best, l) => (Math.abs(centreY(l) - y) < Math.abs(centreY(best) - y) ? l : best), page.lines[0]!);
    if (Math.abs(centreY(nearest) - y) < (nearest.box[3] - nearest.box[1]) * 1.2) assigned.get(nearest)!.push(line);
  }
  return new Map([...assigned].map(([truth, lines]) => [truth, lines.sort((a, b) => a.box[0] - b.box[0]).map((l) => l.text).join(' ')]));
}

export type ErrorCounts = { chineseErrors: number; chineseChars: number; englishErrors: number; englishWords: number };

/** Chinese: character errors with spaces ignored; English: word errors, words split at spaces. */
export function countErrors(page: BenchPage, read: readonly ReadLine[]): ErrorCounts {
  const counts: ErrorCounts = { chineseErrors: 0, chineseChars: 0, englishErrors: 0, englishWords: 0 };
  for (const [truth, text] of matchLines(page, read)) {
    if (truth.language === 'zh') {
      const [t, r] = [Array.from(normalise(truth.text).replace(/\s/g, '')), Array.from(normalise(text).replace(/\s/g, ''))];
      counts.chineseErrors += editDistance(t, r);
      counts.chineseChars += t.length;
    } else {
      const [t, r] = [words(truth.text), words(text)];
      counts.englishErrors += editDistance(t, r);
      counts.englishWords += t.length;
    }
  }
  return counts;
}

function words(text: string): string[] {
  return normalise(text).split(/\s+/).filter(Boolean);
}

/** Full-width ASCII forms and the yen/yuan sign variants read as their plain forms. */
function normalise(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/￥/g, '¥');
}

export function addCounts(a: ErrorCounts, b: ErrorCounts): ErrorCounts {
  return { chineseErrors: a.chineseErrors + b.chineseErrors, chineseChars: a.chineseChars + b.chineseChars, englishErrors: a.englishErrors + b.englishErrors, englishWords: a.englishWords + b.englishWords };
}
