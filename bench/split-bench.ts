import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import { detectDocuments, type SplitPlan } from '../src/engine/pipeline/split/split-detect.js';
import type { DocketClient } from '../src/main/core/api/index.js';
import { TaskType } from '../src/shared/api/index.js';
import { defaultWorkspace, startEngineProcess, waitForTask } from '../test/contract/engine-process.js';
import { loadAverage } from './machine-load.js';
import { blankSourcePages } from './split/blank-source.js';
import { cachedParse } from './split/page-cache.js';
import { scoreSplit, type SplitChild, type SplitScore } from './split/score-split.js';
import { writeStackPdf } from './split/stack-pdf.js';
import { stackSet } from './split/stack-set.js';
import { pageKey, type StackPlan } from './split/stack-plan.js';

// npx tsx bench/split-bench.ts [--stacks 6] [--first-seed 1] [--cached /tmp/split-ocr]
// Scanned stacks made from ../shared/datasets (see bench/split/stack-plan.ts), uploaded with split_flag
// to an engine over HTTP with its starter categories; each stack is also uploaded whole without split
// (the same pages read alone), in the same run, for the ratio of seconds per page.
// --cached: a development aid (--explain prints the decisions around each document split wrong), the boundaries alone on pages read once and kept (bench/split/page-cache.ts).
const { values } = parseArgs({ options: { stacks: { type: 'string', default: '6' }, 'first-seed': { type: 'string', default: '1' }, cached: { type: 'string' }, verbose: { type: 'boolean', default: false }, explain: { type: 'boolean', default: false } } });
const plans = stackSet(Number(values.stacks), Number(values['first-seed']));
const TIMEOUT_MS = 60 * 60_000;
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;

type StackRun = { plan: StackPlan; score: SplitScore; seconds?: number; aloneSeconds?: number };

function report(runs: readonly StackRun[]): void {
  const sum = (pick: (r: StackRun) => number) => runs.reduce((n, r) => n + pick(r), 0);
  const [documents, right, pages] = [sum((r) => r.score.documents), sum((r) => r.score.splitRight), sum((r) => r.plan.pages.length)];
  const blankLeftOut = sum((r) => r.score.blankLeftOut);
  console.log(`  documents split right ${pct(right, documents)} (${blankLeftOut} with a page blank in the document itself left out); pages misplaced ${sum((r) => r.score.misplaced)} of ${pages}; children classified right ${runs[0]?.seconds === undefined ? 'not measured (cached)' : pct(sum((r) => r.score.classifiedRight), right)}`);
  if (runs[0]?.seconds !== undefined) {
    const [split, alone] = [sum((r) => r.seconds!) / pages, sum((r) => r.aloneSeconds!) / pages];
    console.log(`  seconds per page: split ${split.toFixed(2)} s, the same pages read alone (no split) ${alone.toFixed(2)} s: ratio ${(split / alone).toFixed(2)}x`);
  }
  for (const run of runs) if (values.verbose || run.score.wrong.length > 0) console.log(`  stack ${run.plan.seed}: ${run.score.wrong.length} wrong: ${run.score.wrong.join('; ')}`);
}

/** --explain (cached mode): for each document split wrong, the decision before each of its pages and the page after it. */
function explain(plan: StackPlan, score: SplitScore, split: SplitPlan): void {
  const documents = plan.documents.filter((d) => score.wrong.some((w) => w.startsWith(`${d.kind} ${d.id} `)));
  for (const doc of documents) {
    console.log(`  stack ${plan.seed}, ${doc.kind} ${doc.id}:`);
    const last = doc.pages[doc.pages.length - 1]!;
    for (let page = doc.pages[0]!; page <= last + 1 && page < plan.pages.length; page++) {
      const cut = split.boundaries.find((b) => b.page === page);
      const drop = split.dropped.find((d) => d.page === page);
      const what = drop ? `dropped (${drop.reason})` : cut ? `${cut.starts ? 'STARTS' : 'continues'} ${cut.confidence}: ${cut.reasons.join('; ')}` : 'first';
      console.log(`    page ${page} ${pageKey(plan.pages[page]!)}: ${what}`);
    }
  }
}

async function cachedRuns(dir: string): Promise<StackRun[]> {
  const pool = new OcrPool();
  const runs: StackRun[] = [];
  for (const plan of plans) {
    const parsed = await cachedParse(plan.pages, dir, pool);
    const split = detectDocuments(parsed, []);
    const children = split.parts.map((part) => ({ pages: part.pages, category: '' }));
    const score = scoreSplit(plan, children, await blankSourcePages(plan));
    if (values.explain) explain(plan, score, split);
    runs.push({ plan, score });
  }
  await pool.close();
  return runs;
}

/** Uploads one file and waits until it and its children have settled; the wall seconds it took. */
async function timedUpload(client: DocketClient, workspaceId: string, path: string, split: boolean) {
  const started = performance.now();
  const { files } = await client.files.upload(path, { workspace_id: workspaceId, batch_number: `split-bench-${Date.now()}`, ...(split ? { split_flag: true } : {}) });
  const record = await waitForTask(client, workspaceId, files[0]!.task_id, TIMEOUT_MS);
  return { record, seconds: (performance.now() - started) / 1000 };
}

async function engineRuns(): Promise<StackRun[]> {
  const engine = await startEngineProcess({ starter: true });
  const work = await mkdtemp(join(tmpdir(), 'split-bench-'));
  const runs: StackRun[] = [];
  try {
    const workspaceId = await defaultWorkspace(engine);
    for (const plan of plans) {
      const path = join(work, `stack-${plan.seed}.pdf`);
      await writeFile(path, await writeStackPdf(plan.pages));
      // Alternate which goes first, so that a change of load between the two does not favour one.
      const order = plan.seed % 2 === 0 ? [true, false] : [false, true];
      const timed = new Map<boolean, Awaited<ReturnType<typeof timedUpload>>>();
      for (const split of order) timed.set(split, await timedUpload(engine.client, workspaceId, path, split));
      const parent = timed.get(true)!.record;
      const children: SplitChild[] = (parent.child_files ?? []).filter((c) => c.task_type === TaskType.splitChild).map((c) => ({ pages: c.from_parent_position_list ?? [], category: c.category ?? '' }));
      const run = { plan, score: scoreSplit(plan, children, await blankSourcePages(plan)), seconds: timed.get(true)!.seconds, aloneSeconds: timed.get(false)!.seconds };
      runs.push(run);
      console.log(`  stack ${plan.seed}: ${plan.pages.length} pages, ${run.score.splitRight}/${run.score.documents} split right, ${run.seconds.toFixed(0)} s split, ${run.aloneSeconds.toFixed(0)} s alone`);
    }
  } finally {
    await engine.stop();
  }
  return runs;
}

const pages = plans.reduce((n, p) => n + p.pages.length, 0);
console.log(`Split bench: ${plans.length} stacks (seeds ${plans[0]!.seed}-${plans[plans.length - 1]!.seed}), ${pages} pages, ${plans.reduce((n, p) => n + p.documents.length, 0)} documents; ${values.cached ? 'boundaries on cached pages' : 'engine over HTTP'}; load ${loadAverage()}`);
report(values.cached ? await cachedRuns(values.cached) : await engineRuns());
