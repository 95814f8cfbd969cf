import { RecognitionStatus, TaskType, type FileData, type FileFormat, type PageInfo } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import type { Job, JobRunner } from '../jobs/job-queue.js';
import { readJson } from '../store/database.js';
import { loadCategoryModel, loadCategoryModels } from '../store/category-models.js';
import { DEFAULT_PARSER_PARAMS, fileOptionsOf, findFile, parserParamsOf, patchRun, type FilePatch, type FileRow, type RunPayload } from '../store/file-store.js';
import { classify } from './classify.js';
import { extractCategory } from './extract.js';
import { emptyData } from './file-data.js';
import { parseFile } from './parse-file.js';
import { plainText, ProcessingFailure, type ParsedFile } from './parsed-document.js';
import { replaceChildren, settleParent, splitParts } from './split.js';

/** The run was superseded (retry, amend, delete) while it worked: it stops without writing. */
class StaleRun extends Error {}

interface Run {
  deps: EngineDeps;
  row: FileRow;
  runId: string;
  startedAt: number;
}

/**
 * process_file: 5 preparing → 20 parsing → (6 splitting) → 3 classifying → (10 when only classifying)
 * → 4 extracting → 1 success, or 2 with failure_causes. Every write is guarded by the run id.
 */
export function createFileProcessor(deps: EngineDeps): JobRunner {
  return {
    async run(job: Job) {
      const { runId, stage } = job.payload as unknown as RunPayload;
      const row = findFile(deps, job.subject);
      if (!row || row.run_id !== runId) return;
      const run: Run = { deps, row, runId, startedAt: deps.now() };
      try {
        await (stage === 'extract' && row.document ? extractStage(run, storedParse(row), row.category) : processFile(run));
      } catch (error) {
        if (error instanceof StaleRun) return;
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
  const parsedPatch: FilePatch = { pages: parsed.pages, document: parsed.document, total_page_num: parsed.pages.length };
  if (row.task_type === TaskType.parent && options.split_flag) {
    // The parent keeps its own parse time; it settles when its last child does.
    deps.db.transaction(() => {
      advance(run, RecognitionStatus.splitting, { ...parsedPatch, duration_ms: deps.now() - run.startedAt });
      replaceChildren(deps, row, splitParts(parsed.pages.length));
    })();
    return;
  }
  // Cropping cuts photographed pages holding several documents apart; text pages hold none, so the file goes on whole.
  const cropping = row.task_type === TaskType.parent && options.crop_flag === true;
  if (cropping) advance(run, RecognitionStatus.cropping, parsedPatch);
  advance(run, RecognitionStatus.classifying, cropping ? {} : parsedPatch);
  const category = options.category || classify(plainText(parsed), loadCategoryModels(deps, row.workspace_id, { enabledOnly: true }));
  if (options.target_process === 'classify') return settle(run, RecognitionStatus.classified, { category });
  return extractStage(run, parsed, category);
}

async function parseStage(run: Run): Promise<ParsedFile> {
  const { row, deps } = run;
  advance(run, RecognitionStatus.preparing);
  const bytes = await deps.blobs.read(row.blob);
  advance(run, RecognitionStatus.parsing);
  const params = parserParamsOf(row);
  return parseFile(row.format as FileFormat, bytes, {
    dpi: params.dpi ?? DEFAULT_PARSER_PARAMS.dpi,
    password: params.pdf_pwd,
    pageIndexes: readJson<number[] | undefined>(row.from_parent_position_list, undefined),
  });
}

function storedParse(row: FileRow): ParsedFile {
  return { pages: readJson<PageInfo[]>(row.pages, []), document: readJson<ParsedFile['document']>(row.document, { pages: [] }) };
}

async function extractStage(run: Run, parsed: ParsedFile, category: string): Promise<void> {
  advance(run, RecognitionStatus.extracting, { category });
  settle(run, RecognitionStatus.success, { data: extractData(run, parsed, category) });
}

/** An unclassified file ('' category) succeeds with no fields. */
function extractData(run: Run, parsed: ParsedFile, category: string): FileData {
  if (category === '') return emptyData();
  const model = loadCategoryModel(run.deps, run.row.workspace_id, category);
  if (!model) throw new ProcessingFailure(`The category '${category}' no longer exists in this workspace: amend the file's category or retry.`);
  return extractCategory(parsed.document, model);
}

function advance(run: Run, status: number, patch: FilePatch = {}): void {
  if (!patchRun(run.deps, run.row.id, run.runId, { ...patch, recognition_status: status })) throw new StaleRun();
}

/** A final status, with the run's duration; a child's settling may settle its parent. */
function settle(run: Run, status: number, patch: FilePatch): void {
  if (patchRun(run.deps, run.row.id, run.runId, { ...patch, recognition_status: status, duration_ms: run.deps.now() - run.startedAt })) settleParent(run.deps, run.row);
}
