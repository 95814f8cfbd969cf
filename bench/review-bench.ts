import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DocketClient } from '../src/main/core/api/index.js';
import { IN_PROGRESS_STATUSES, RecognitionStatus, ReviewStatus, type FileRecord, type ReviewTaskResult } from '../src/shared/api/index.js';
import { startEngine, type RunningEngine } from '../src/engine/server.js';
import { clockStartingOn } from '../src/engine/shifted-clock.js';
import { seedStarterCategories } from '../src/engine/starter/starter-categories.js';
import { seedStarterRepository, starterRepository } from '../src/engine/starter/starter-repository.js';
import { generateCorpus, type CorpusEntry, type DocumentTruth, type Manifest } from './corpus/corpus.js';
import type { Fault } from './corpus/document-model.js';
import { recordSection } from './pipeline/record-section.js';

// npx tsx bench/review-bench.ts [--seed 7] [--size 40] [--corpus <folder>] [--record]
// Runs the starter repository over the corpus's VAT invoices through a real engine and counts, per
// rule and overall, the invoices it flags against the faults the corpus put in them.
const { values } = parseArgs({
  options: { seed: { type: 'string', default: '7' }, size: { type: 'string', default: '40' }, corpus: { type: 'string' }, record: { type: 'boolean', default: false } },
});
const CREDENTIALS = { appId: 'bench', secret: 'bench-secret-0123456789' };
const SETTLE_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 50;

/** The starter rule that should flag each corpus fault: one rule per fault, all six rules. */
const RULE_OF_FAULT: Readonly<Record<Fault, string>> = {
  amount_tax_total_mismatch: 'Amount plus tax equals the total',
  line_items_mismatch: 'Line items add up to the amount',
  future_date: 'Invoice date is not in the future',
  too_old: 'Invoice is at most 365 days old',
  invalid_tax_id: 'Seller and buyer tax IDs are valid',
  duplicate_invoice: 'Invoice not already uploaded',
};

/** One VAT invoice of the corpus, the file the engine made of it, and what the review said per rule. */
interface Reviewed {
  label: string;
  truth: DocumentTruth;
  file: Pick<FileRecord, 'task_id' | 'category' | 'recognition_status' | 'failure_causes' | 'duration_ms'> | undefined;
  verdicts: Map<string, number>;
  reasonings: Map<string, string>;
  reviewMs: number;
}

async function corpusOf(): Promise<{ dir: string; manifest: Manifest; temporary: boolean }> {
  if (values.corpus) {
    const dir = resolve(values.corpus);
    return { dir, manifest: JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest, temporary: false };
  }
  const dir = await mkdtemp(join(tmpdir(), 'docket-corpus-'));
  return { dir, manifest: await generateCorpus({ seed: Number(values.seed), outDir: dir, size: Number(values.size) }), temporary: true };
}

/** A workspace as a first run makes it: the starter categories and the starter repository. */
async function starterWorkspace(engine: RunningEngine, client: DocketClient, name: string): Promise<{ workspaceId: string; repoId: string }> {
  const { workspace_id } = await client.workspaces.create({ name, auth_scope: 0 });
  await seedStarterCategories(engine.deps, workspace_id, 'en');
  seedStarterRepository(engine.deps, workspace_id, 'en');
  const { repos } = await client.review.repos.list({ workspace_id });
  return { workspaceId: workspace_id, repoId: repos.find((r) => r.name === starterRepository('en').name)!.repo_id };
}

async function settled(client: DocketClient, workspaceId: string, taskId: string): Promise<FileRecord> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const file = (await client.files.fetch({ workspace_id: workspaceId, task_id: taskId })).files[0];
    if (file && !(IN_PROGRESS_STATUSES as readonly number[]).includes(file.recognition_status)) return file;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still in progress`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Each file uploaded once the one before has settled, in corpus order: "uploaded before" then means
 * for the duplicate rule what "issued before" means to the corpus, split children included.
 */
async function uploadInOrder(client: DocketClient, corpusDir: string, workspaceId: string, entries: readonly CorpusEntry[]): Promise<Reviewed[]> {
  const documents: Reviewed[] = [];
  for (const entry of entries) {
    const multi = entry.documents.length > 1;
    const { files } = await client.files.upload(join(corpusDir, entry.file), { workspace_id: workspaceId, split_flag: multi });
    const record = await settled(client, workspaceId, files[0]!.task_id);
    entry.documents.forEach((truth, i) => {
      if (truth.kind !== 'vat_invoice') return;
      const child = multi ? (record.child_files ?? []).find((c) => JSON.stringify(c.from_parent_position_list) === JSON.stringify(truth.pages)) : record;
      documents.push({ label: multi ? `${entry.id}#${i}` : entry.id, truth, file: child, verdicts: new Map(), reasonings: new Map(), reviewMs: 0 });
    });
  }
  return documents;
}

async function reviewEach(client: DocketClient, workspaceId: string, repoId: string, documents: readonly Reviewed[]): Promise<void> {
  for (const document of documents.filter((d) => d.file)) {
    const started = performance.now();
    const { task_id } = await client.review.tasks.submit({ workspace_id: workspaceId, name: document.label, repo_id: repoId, extract_task_ids: [document.file!.task_id] });
    const result = await finished(client, workspaceId, task_id);
    document.reviewMs = performance.now() - started;
    for (const rule of result.groups.flatMap((g) => g.review_tasks)) {
      document.verdicts.set(rule.rule_name, rule.review_result);
      document.reasonings.set(rule.rule_name, rule.reasoning ?? '');
    }
  }
}

async function finished(client: DocketClient, workspaceId: string, taskId: string): Promise<ReviewTaskResult> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const result = await client.review.tasks.result({ workspace_id: workspaceId, task_id: taskId });
    if (result.status === ReviewStatus.approved || result.status === ReviewStatus.failed) return result;
    if (Date.now() > deadline) throw new Error(`review ${taskId} still in status ${result.status}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

class Confusion {
  tp = 0;
  fp = 0;
  fn = 0;
  tn = 0;
  errors = 0;

  add(flagged: boolean, faulty: boolean, error = false): void {
    if (error) this.errors += 1;
    if (flagged) this[faulty ? 'tp' : 'fp'] += 1;
    else this[faulty ? 'fn' : 'tn'] += 1;
  }

  row(label: string, fault: string): string {
    return `| ${label} | ${fault} | ${this.tp} | ${this.fp} | ${this.fn} | ${this.tn} | ${this.errors} |`;
  }
}

const flagged = (d: Reviewed, rule: string) => d.verdicts.get(rule) === ReviewStatus.failed;
const errored = (d: Reviewed, rule: string) => d.verdicts.get(rule) === ReviewStatus.recognitionFailed;

function confusionTable(documents: readonly Reviewed[]): string[] {
  const rows = (Object.entries(RULE_OF_FAULT) as [Fault, string][]).map(([fault, rule]) => {
    const c = new Confusion();
    for (const d of documents) c.add(flagged(d, rule), d.truth.faults.includes(fault), errored(d, rule));
    return c.row(rule, `\`${fault}\``);
  });
  const labelled = Object.values(RULE_OF_FAULT);
  const overall = new Confusion();
  for (const d of documents) overall.add(labelled.some((r) => flagged(d, r)), d.truth.faults.length > 0, labelled.some((r) => errored(d, r)));
  return [
    '| rule | corpus fault | flagged, faulty | flagged, sound | missed | sound, not flagged | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    overall.row(`**any of the ${labelled.length} rules above**`, 'any fault'),
  ];
}

const VERDICT_WORD: Readonly<Record<number, string>> = { [ReviewStatus.failed]: 'flagged', [ReviewStatus.approved]: 'not flagged', [ReviewStatus.recognitionFailed]: 'error' };

/** The part of a rule's reasoning that says why: the explanation of the line that did not hold, without the values list. */
function why(reasoning: string): string {
  const lines = reasoning.split('\n');
  const line = lines.find((l) => /does not hold|could not be (?:evaluated|checked)/u.test(l)) ?? lines.at(-1)!;
  return /(?:holds|does not hold|could not be evaluated|could not be checked): (.*?)(?:\. Values used:.*)?$/u.exec(line)?.[1] ?? line;
}

/** Each invoice and rule where the review and the corpus disagree, or the rule could not be evaluated, as Markdown list items. */
function mistakes(documents: readonly Reviewed[]): string[] {
  const labelled = Object.values(RULE_OF_FAULT);
  return documents.flatMap((d) => {
    if (!d.file) return [`- ${d.label}: no file of the engine holds exactly its pages (split), not reviewed`];
    const expected = new Set(d.truth.faults.map((f) => RULE_OF_FAULT[f]));
    const wrong = labelled.filter((r) => flagged(d, r) !== expected.has(r) || errored(d, r));
    const faults = d.truth.faults.join(', ') || 'no fault';
    return wrong.map((r) => `- ${d.label} (${faults}), *${r}*: ${VERDICT_WORD[d.verdicts.get(r) ?? -1] ?? 'no result'}; ${why(d.reasonings.get(r) ?? '')}`);
  });
}

function part(title: string, documents: readonly Reviewed[]): string[] {
  const faulty = documents.filter((d) => d.truth.faults.length > 0).length;
  const failed = documents.filter((d) => d.file?.recognition_status === RecognitionStatus.failed);
  if (documents.length > 0 && failed.length === documents.length) {
    const causes = [...new Set(failed.map((d) => d.file!.failure_causes ?? ''))];
    return [`### ${title}`, '', `Not measured: the engine failed to recognize every one of these ${documents.length} files: ${causes.join(' / ')}`, ''];
  }
  return [`### ${title}`, '', `${documents.length} VAT invoices, ${faulty} with a fault.`, '', ...confusionTable(documents), ''];
}

const median = (xs: number[]) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);

async function main(): Promise<void> {
  const corpus = await corpusOf();
  const dataDir = await mkdtemp(join(tmpdir(), 'docket-review-bench-'));
  const engine = await startEngine({ dataDir, credentials: CREDENTIALS, starter: false, log: () => undefined, now: clockStartingOn(corpus.manifest.referenceDate) });
  const client = new DocketClient({ baseUrl: engine.origin, credentials: { ...CREDENTIALS, mode: 'headers' }, timeoutMs: 120_000 });
  try {
    const entries = corpus.manifest.entries.filter((e) => e.documents.some((d) => d.kind === 'vat_invoice'));
    const text = entries.filter((e) => e.rendering === 'text-pdf');
    const scans = entries.filter((e) => e.rendering !== 'text-pdf');
    const textSpace = await starterWorkspace(engine, client, 'text PDFs');
    const textDocs = await uploadInOrder(client, corpus.dir, textSpace.workspaceId, text);
    await reviewEach(client, textSpace.workspaceId, textSpace.repoId, textDocs);
    const scanSpace = await starterWorkspace(engine, client, 'scans');
    const scanDocs = await uploadInOrder(client, corpus.dir, scanSpace.workspaceId, scans);
    await reviewEach(client, scanSpace.workspaceId, scanSpace.repoId, scanDocs);

    const reviewed = [...textDocs, ...scanDocs].filter((d) => d.file && d.verdicts.size > 0);
    const reviewMs = median(reviewed.map((d) => d.reviewMs));
    const extractMs = median(textDocs.flatMap((d) => (d.file?.duration_ms ? [d.file.duration_ms] : [])));
    const scanDuplicatesAlone = scanDocs.filter((d) => d.truth.faults.includes('duplicate_invoice')).length;
    const scansMeasured = scanDocs.some((d) => d.file && d.file.recognition_status !== RecognitionStatus.failed);
    const lines = [
      `Corpus: seed ${corpus.manifest.seed}, size ${corpus.manifest.size} (\`npx tsx bench/corpus/generate.ts --seed ${corpus.manifest.seed} --size ${corpus.manifest.size}\`); ` +
        `the starter repository (src/engine/starter/starter-repository.ts) over every VAT invoice, one review task per invoice, engine in-process; ` +
        `\`npx tsx bench/review-bench.ts --seed ${corpus.manifest.seed} --size ${corpus.manifest.size}\`, run on ${new Date().toISOString().slice(0, 10)}.`,
      'A rule flags an invoice when its `review_result` is 2; an error (7) does not flag and is counted apart. Text PDFs (single and split from multi-document files) share one workspace and ' +
        'are uploaded in corpus order, each after the one before has settled, so that the duplicate rule sees the same "earlier" as the corpus; scans share another.',
      '',
      ...part('Text PDFs', textDocs),
      ...part('Scanned images and image-only PDFs', scanDocs),
      ...(scansMeasured
        ? [`Scans are copies of clean documents in a workspace of their own: ${scanDuplicatesAlone} scan(s) labelled \`duplicate_invoice\` can be flagged only when the invoice they duplicate was scanned too and uploaded before them.`]
        : []),
      `The engine's clock starts on the corpus's reference date, ${corpus.manifest.referenceDate}: the age and future-date rules judge against it, not the date of the run.`,
      '',
      '| timing | result |',
      '|---|---|',
      `| review, submit to result, per invoice (median) | ${reviewMs.toFixed(0)} ms |`,
      `| extraction of the same text-PDF invoices, \`duration_ms\` (median, reference) | ${extractMs.toFixed(0)} ms |`,
      `| ratio review / extraction | ${(reviewMs / extractMs).toFixed(2)}x |`,
    ];
    const wrong = [...mistakes(textDocs), ...(scansMeasured ? mistakes(scanDocs) : [])];
    if (wrong.length > 0) lines.push('', '### Where a rule disagrees with the corpus or could not decide', '', ...wrong);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (values.record) await recordSection(resolve('docs/benchmarks.md'), 'Review', lines.join('\n'));
  } finally {
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
    if (corpus.temporary) await rm(corpus.dir, { recursive: true, force: true });
  }
}

await main();
