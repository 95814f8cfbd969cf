import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as OcrPoolModule from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import type * as ParseImageModule from '../../src/engine/pipeline/read/parse-image.js';
import type { ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';

/**
 * OCR word recall: the share of a page's printed words that the OCR text holds.
 *
 * - Truth words are the whitespace-separated tokens of the printed lines (the set's `box/` rows),
 *   NFKC-normalised and upper-cased, punctuation attached as printed ("TOTAL:" stays "TOTAL:").
 *   A token without a letter or a digit (":", "-", "*****", "&") is no word and is not counted.
 * - OCR tokens are the whitespace-separated tokens of the OCR lines, normalised the same way.
 * - Matching is one to one (a multiset): each OCR token, or each OCR character, satisfies at most
 *   one truth word.
 *   1. Exact: a truth word is found when an unused OCR token equals it.
 *   2. Spacing aside: a truth word of 2 characters or more still missing is found inside the OCR
 *      text of one line with its spaces removed, at a place that starts or ends on an OCR token's
 *      edge (or the edge of text already matched), and whose characters no other word used. So
 *      "81100 JOHOR" read as "81100JOHOR" (or the reverse) costs nothing, but a "1" or a "RM" is
 *      not found in the middle of some longer word. Longer words are matched first.
 * - Recall = truth words found / truth words. Nothing is done for OCR words that are not printed
 *   (this is recall, not precision), and a word is found or not: one wrong character misses it.
 */
export function wordRecall(truthLines: readonly string[], ocrLines: readonly string[]): { found: number; total: number } {
  return matchWords(truthLines, ocrLines).found;
}

/** The recall counts and the truth words not found (for looking at what is lost). */
export function matchWords(truthLines: readonly string[], ocrLines: readonly string[]): { found: { found: number; total: number }; missed: string[] } {
  const truth = truthLines.flatMap(tokens).filter((t) => /[\p{L}\p{N}]/u.test(t));
  const ocr = ocrLines.map(tokens);
  // 1. Exact tokens.
  const unused = new Map<string, number>();
  for (const token of ocr.flat()) unused.set(token, (unused.get(token) ?? 0) + 1);
  const used = new Map<string, number>();
  const missing: string[] = [];
  for (const word of truth) {
    const left = unused.get(word) ?? 0;
    if (left > 0) {
      unused.set(word, left - 1);
      used.set(word, (used.get(word) ?? 0) + 1);
    } else missing.push(word);
  }
  // 2. The rest, inside the OCR text with spaces removed; a token used whole in step 1 is taken out
  //    (the first ones of each text, which one does not matter for the count).
  const text: string[] = [];
  const edges = new Set<number>();
  for (const line of ocr) {
    for (const token of line) {
      const whole = used.get(token) ?? 0;
      if (whole > 0) {
        used.set(token, whole - 1);
        text.push(USED);
        continue;
      }
      edges.add(text.length);
      text.push(...token);
      edges.add(text.length);
    }
    text.push('\n');
  }
  const missed: string[] = [];
  let found = truth.length - missing.length;
  for (const word of [...missing].sort((a, b) => b.length - a.length)) {
    const at = Array.from(word).length >= 2 ? placeOf(text, edges, Array.from(word)) : -1;
    if (at < 0) {
      missed.push(word);
      continue;
    }
    const length = Array.from(word).length;
    text.fill(USED, at, at + length);
    edges.add(at).add(at + length);
    found++;
  }
  return { found: { found, total: truth.length }, missed };
}

const USED = '\u0000';

function tokens(line: string): string[] {
  return line.normalize('NFKC').toUpperCase().split(/\s+/u).filter((t) => t !== '');
}

/** The first place where `word` lies in `text` (characters) starting or ending on an edge; -1 when none. */
function placeOf(text: readonly string[], edges: ReadonlySet<number>, word: readonly string[]): number {
  for (let at = 0; at + word.length <= text.length; at++) {
    if (!edges.has(at) && !edges.has(at + word.length)) continue;
    if (word.every((c, k) => text[at + k] === c)) return at;
  }
  return -1;
}

/** The text lines of a parse, in reading order. */
export function parsedLines(parsed: Pick<ParsedFile, 'document'>): string[] {
  return parsed.document.pages.flatMap((page) => page.lines.map((line) => line.text));
}

type Tally = { found: number; total: number };
const add = (a: Tally, b: Tally): Tally => ({ found: a.found + b.found, total: a.total + b.total });
const percent = (t: Tally) => `${((100 * t.found) / Math.max(1, t.total)).toFixed(2)}% (${t.found}/${t.total})`;

// npx tsx bench/real-documents/ocr-recall.ts [--cache /tmp/sroie-ocr] [--live N] [--skip K] [--step S] [--baseline DIR] [--misses]
//   --cache     OCR parses kept by ocr-cache.ts (the engine as it read the set then).
//   --live N    reads N receipts again with the engine's OCR now (parseImage + OcrPool, as ocr-cache.ts)
//               and prints its recall and CPU seconds per page beside the cache's recall on the same receipts.
//   --skip K, --step S   which receipts: from the K-th, every S-th (a subset spread over the set).
//   --baseline DIR  also reads them with the engine of another checkout (its src/, e.g. `git archive HEAD src`
//               unpacked in DIR), in the same run, pools one after the other, so that the CPU figures compare.
//   --misses    prints the words missed, per receipt.
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cache: { type: 'string', default: '/tmp/sroie-ocr' },
      live: { type: 'string' },
      skip: { type: 'string', default: '0' },
      step: { type: 'string', default: '1' },
      baseline: { type: 'string' },
      misses: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const { loadReceipts } = await import('./sroie-set.js');
  const all = await loadReceipts();
  const step = Math.max(1, Number(values.step));
  const chosen = all.slice(Number(values.skip)).filter((_, i) => i % step === 0);
  const receipts = values.live === undefined ? chosen : chosen.slice(0, Number(values.live));
  const cached = await Promise.all(
    receipts.map(async (r) => {
      try {
        return parsedLines(JSON.parse(await readFile(join(values.cache!, `${r.id}.json`), 'utf8')) as ParsedFile);
      } catch {
        return undefined;
      }
    }),
  );
  const report = (name: string, readings: readonly (string[] | undefined)[], extra = '') => {
    let total: Tally = { found: 0, total: 0 };
    let pages = 0;
    readings.forEach((lines, i) => {
      if (!lines) return;
      const { found, missed } = matchWords(receipts[i]!.lines, lines);
      total = add(total, found);
      pages++;
      if (values.misses && missed.length > 0) console.log(`  ${name} ${receipts[i]!.id}: ${missed.join(' | ')}`);
    });
    console.log(`${name.padEnd(10)} ${pages} receipts: word recall ${percent(total)}${extra}`);
  };
  report('cache', cached);
  if (values.live === undefined) return;

  const engines = [{ name: 'now', src: resolve(import.meta.dirname, '../../src') }];
  if (values.baseline) engines.unshift({ name: 'baseline', src: resolve(values.baseline, 'src') });
  for (const engine of engines) {
    const { lines, cpuPerPage, wallPerPage } = await readLive(engine.src, receipts);
    report(engine.name, lines, `, CPU ${cpuPerPage.toFixed(3)} s/page, wall ${wallPerPage.toFixed(3)} s/page (2 lanes)`);
    if (values.out && engine.name === 'now') {
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(values.out, { recursive: true });
      await Promise.all(receipts.map((r, i) => writeFile(join(values.out!, `${r.id}.txt`), lines[i]!.join('\n'))));
    }
  }
}

/** A pipeline module of the engine under `src`, where it lies now or, in a checkout before the readers had their room (31), where it lay then. */
function engineModule(src: string, path: string, before: string): string {
  const now = join(src, 'engine/pipeline', path);
  return pathToFileURL(existsSync(now) ? now : join(src, 'engine/pipeline', before)).href;
}

/**
 * Reads the receipts with the engine under `src` (its parseImage and OcrPool, two lanes as
 * ocr-cache.ts). CPU is the whole process's (process.resourceUsage counts every thread, the pool's
 * workers included), from after a warm-up read on each worker (models loaded, code compiled) to
 * the last page.
 */
async function readLive(src: string, receipts: readonly { image: string }[]): Promise<{ lines: string[][]; cpuPerPage: number; wallPerPage: number }> {
  const { parseImage } = (await import(engineModule(src, 'read/parse-image.ts', 'parse-image.ts'))) as typeof ParseImageModule;
  const { OcrPool } = (await import(engineModule(src, 'read/ocr/ocr-pool.ts', 'ocr/ocr-pool.ts'))) as typeof OcrPoolModule;
  const pool = new OcrPool({ threads: 2 });
  try {
    const read = async (image: string) => parsedLines(await parseImage(await readFile(image), 'jpeg', { reader: pool }));
    await Promise.all(receipts.slice(0, 2).map((r) => read(r.image)));
    const cpu = () => {
      const usage = process.resourceUsage();
      return (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    };
    const [cpuStart, started] = [cpu(), performance.now()];
    const lines: string[][] = new Array(receipts.length);
    let next = 0;
    await Promise.all(
      [0, 1].map(async () => {
        while (next < receipts.length) {
          const i = next++;
          lines[i] = await read(receipts[i]!.image);
        }
      }),
    );
    const n = Math.max(1, receipts.length);
    return { lines, cpuPerPage: (cpu() - cpuStart) / n, wallPerPage: (performance.now() - started) / 1000 / n };
  } finally {
    await pool.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
