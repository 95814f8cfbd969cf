import { RecognitionStatus, TaskType, type FileData, type FileFormat, type PageInfo } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Job, JobRunner } from '../jobs/job-queue.js';
import { readJson, recomputable } from '../store/database.js';
import { loadCategoryModel, loadCategoryModels } from '../store/category-models.js';
import { DEFAULT_PARSER_PARAMS, fileOptionsOf, findFile, parserParamsOf, patchRun, type FilePatch, type FileRow, type RunPayload } from '../store/file-store.js';
import { classifyWithReason } from './classify/classify.js';
import { withPrintCheck } from './e-invoice/print-check.js';
import { withPrintFinding } from './e-invoice/print-finding.js';
import { cropAnglePatch, cropOf, startCropChildren } from './crop/crop-children.js';
import { extractCategory } from './extract/extract-category.js';
import { recallOf } from './learning/category-learning.js';
import { emptyData } from './document/file-data.js';
import { ReaderClosed, type PageReader } from './read/ocr/ocr-pool.js';
import { parseFile } from './read/parse-file.js';
import { plainText, ProcessingFailure, type ParsedFile } from './document/parsed-document.js';
import { findEarlierInvoice, recordInvoiceKey } from './invoice/find-duplicate.js';
import { sealSignaturesOf } from './invoice/seal-signatures.js';
import { verifyInvoice } from './invoice/verify-invoice.js';
import { inheritedParse, replaceChildren, settleParent } from './split/split.js';
import { saveSplitReport } from './split/split-report-store.js';
import { detectDocuments } from './split/split-detect.js';

/** The run was superseded (retry, amend, delete) while it worked: it stops without writing. */
class StaleRun extends Error {}

interface Run {
  deps: EngineDeps;
  reader: PageReader;
  row: FileRow;
  runId: string;
  startedAt: number;
}

/**
 * process_file: 5 preparing → 20 parsing → (6 splitting) → 3 classifying → (10 when only classifying)
 * → 4 extracting → 1 success, or 2 with failure_causes. Every write is guarded by the run id.
 */
export function createFileProcessor(deps: EngineDeps, reader: PageReader): JobRunner {
  return {
    async run(job: Job) {
      const { runId, stage } = job.payload as unknown as RunPayload;
      const row = findFile(deps, job.subject);
      if (!row || row.run_id !== runId) return;
      const run: Run = { deps, reader, row, runId, startedAt: deps.now() };
      try {
        await (stage === 'extract' && row.document ? extractStage(run, storedParse(row), row.category) : processFile(run));
      } catch (error) {
        if (error instanceof StaleRun) return;
        // The engine is stopping: the job stays queued and runs again at the next start.
        if (error instanceof ReaderClosed) throw error;
        const cause = error instanceof ProcessingFailure ? error.message : `Processing failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
        settle(run, RecognitionStatus.failed, { failure_causes: cause });
      }
    },
    giveUp(job: Job, reason: string) {
      const row = findFile(deps, job.subject);
      const { runId } = job.payload as unknown as RunPayload;
      if (row && patchRun(deps, row.id, runId, { recognition_status: RecognitionStatus.failed, failure_causes: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.` })) settleParent(deps, row);
    },
  };
}

async function processFile(run: Run): Promise<void> {
  const { row, deps } = run;
  const parsed = await parseStage(run);
  const options = fileOptionsOf(row);
  const parsedPatch: FilePatch = { pages: parsed.pages, document: parsed.document, total_page_num: parsed.pages.length, ...cropAnglePatch(row, parsed) };
  if (row.task_type === TaskType.parent && options.split_flag) {
    // The parent keeps its own parse time; it settles when its last child does.
    inOneCommit(run, () => {
      advance(run, RecognitionStatus.splitting, { ...parsedPatch, duration_ms: deps.now() - run.startedAt });
      replaceChildren(deps, row, splitDocuments(run, parsed));
    });
    return;
  }
  // Cropping cuts photographed pages holding several documents apart; text pages hold none, so the file goes on whole.
  const cropping = row.task_type === TaskType.parent && options.crop_flag === true;
  if (cropping && cropDocuments(run, parsed, parsedPatch)) return;
  advance(run, RecognitionStatus.classifying, cropping ? {} : parsedPatch);
  const category = options.category || classifyFile(run, parsed);
  if (options.target_process === 'classify') return settle(run, RecognitionStatus.classified, { category });
  return extractStage(run, parsed, category);
}

/**
 * The file's best-fitting category, '' when none fits. The file record has no member for why (the
 * interface's failure_causes is for failed files only), so the reason goes to the engine's log.
 */
function classifyFile(run: Run, parsed: ParsedFile): string {
  const { category, reason } = classifyWithReason(plainText(parsed), loadCategoryModels(run.deps, run.row.workspace_id, { enabledOnly: true }));
  if (category === '') run.deps.log?.(`file ${run.row.id} stays unclassified: ${reason}`);
  return category;
}

async function parseStage(run: Run): Promise<ParsedFile> {
  const { row, deps } = run;
  advance(run, RecognitionStatus.preparing);
  const inherited = inheritedParse(deps, row);
  if (inherited) return inherited;
  const bytes = await deps.blobs.read(row.blob);
  advance(run, RecognitionStatus.parsing);
  const params = parserParamsOf(row);
  const parsed = await parseFile(row.format as FileFormat, bytes, {
    dpi: params.dpi ?? DEFAULT_PARSER_PARAMS.dpi,
    password: params.pdf_pwd,
    pageIndexes: readJson<number[] | undefined>(row.from_parent_position_list, undefined),
    parseMode: params.parse_mode,
    crop: cropOf(deps, row),
    findRegions: row.task_type === TaskType.parent && fileOptionsOf(row).crop_flag === true,
    reader: run.reader,
    invoiceXml: !deps.cloudStandIn,
  });
  return { ...parsed, document: withPrintCheck(parsed.document) };
}

function storedParse(row: FileRow): ParsedFile {
  return { pages: readJson<PageInfo[]>(row.pages, []), document: readJson<ParsedFile['document']>(row.document, { pages: [] }), stamps: readJson<FileData | null>(row.data, null)?.stamps };
}

async function extractStage(run: Run, parsed: ParsedFile, category: string): Promise<void> {
  advance(run, RecognitionStatus.extracting, { category });
  const data = withInvoiceCheck(run, { ...extractData(run, parsed, category), stamps: parsed.stamps ?? [] }, parsed);
  inOneCommit(run, () => {
    recordInvoiceKey(run.deps, run.row, data);
    settle(run, RecognitionStatus.success, { data });
  });
}

/**
 * Crop: the photos or documents found on the pages become children, and the parent waits in
 * cropping; false when there was nothing to cut (the parent goes on whole, already in cropping).
 */
function cropDocuments(run: Run, parsed: ParsedFile, parsedPatch: FilePatch): boolean {
  return inOneCommit(run, () => {
    advance(run, RecognitionStatus.cropping, { ...parsedPatch, duration_ms: run.deps.now() - run.startedAt });
    return startCropChildren(run.deps, run.row, parsed);
  });
}

/** Split: each document found in the file becomes a child; the children classify themselves. The cut is kept for /file/split/boundaries. */
function splitDocuments(run: Run, parsed: ParsedFile) {
  const plan = detectDocuments(parsed, loadCategoryModels(run.deps, run.row.workspace_id, { enabledOnly: true }));
  if (plan.parts.length === 0) throw new ProcessingFailure('Every page of the file is blank or a separator sheet: there is no document to split out.');
  saveSplitReport(run.deps, run.row.id, { boundaries: plan.boundaries, dropped: plan.dropped, stamps: parsed.stamps ?? [] });
  return plan.parts;
}

/**
 * auto_verify_vat: the offline invoice checks, against earlier files of the workspace for duplicates.
 * A file whose seal's signature was checked (OFD) is always verified, so that the clerk hears of it;
 * so is an e-invoice whose print disagrees with its XML.
 */
function withInvoiceCheck(run: Run, data: FileData, parsed: ParsedFile): FileData {
  const verified = fileOptionsOf(run.row).auto_verify_vat || sealSignaturesOf(data.stamps).length > 0 ? verifyInvoice(data, { now: run.deps.now(), findDuplicate: (code, number) => findEarlierInvoice(run.deps, run.row, code, number) }) : undefined;
  // An e-invoice whose printed page disagrees with its XML is always said, whatever was asked.
  const invoice = parsed.document.invoice;
  const invoiceVerifyResult = withPrintFinding(verified, { disagreements: invoice?.disagreements ?? [], uncompared: invoice?.uncompared ?? [] });
  return invoiceVerifyResult ? { ...data, invoiceVerifyResult } : data;
}

/** An unclassified file ('' category) succeeds with no fields. */
function extractData(run: Run, parsed: ParsedFile, category: string): FileData {
  if (category === '') return emptyData();
  const model = loadCategoryModel(run.deps, run.row.workspace_id, category);
  if (!model) throw new ProcessingFailure(`The category '${category}' no longer exists in this workspace: amend the file's category or retry.`);
  const recall = recallOf(run.deps, model, parsed.document);
  const data = extractCategory(parsed.document, model, { applyMerge: (parserParamsOf(run.row).apply_merge ?? DEFAULT_PARSER_PARAMS.apply_merge) === 1 }, recall);
  // The field record has no member for why a value was chosen: a learned one says so in the engine's log.
  for (const reason of recall?.reasons(data.fields) ?? []) run.deps.log?.(`file ${run.row.id}: ${reason}`);
  return data;
}

/** The run's writes are recomputable: the job is redone if they are lost, so they do not wait for the disk. */
function inOneCommit<T>(run: Run, write: () => T): T {
  return recomputable(run.deps.db, run.deps.db.transaction(write));
}

function advance(run: Run, status: number, patch: FilePatch = {}): void {
  if (!inOneCommit(run, () => patchRun(run.deps, run.row.id, run.runId, { ...patch, recognition_status: status }))) throw new StaleRun();
}

/** A final status, with the run's duration; a child's settling may settle its parent. */
function settle(run: Run, status: number, patch: FilePatch): void {
  inOneCommit(run, () => {
    if (patchRun(run.deps, run.row.id, run.runId, { ...patch, recognition_status: status, duration_ms: run.deps.now() - run.startedAt })) settleParent(run.deps, run.row);
  });
}
