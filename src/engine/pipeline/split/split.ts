import { IN_PROGRESS_STATUSES, RecognitionStatus, TaskType, VerificationStatus, type PageInfo } from '../../../shared/api/index.js';
import type { EngineDeps } from '../../engine-deps.js';
import { readJson } from '../../store/database.js';
import { childrenOf, fileOptionsOf, insertFile, parserParamsOf, patchFile, startRun, type FileRow } from '../../store/file-store.js';
import { selectPages, type ParsedFile } from '../document/parsed-document.js';
import { splitReportOf } from './split-report-store.js';

export interface ChildPart {
  /** 0-based pages of the parent. */
  pages: number[];
  /** Fixed by the user (upload or amend); classification decides when absent. */
  category?: string | undefined;
}

/**
 * Replaces the children of a split or crop parent and starts a run for each; the old children and
 * any of their pending jobs are dropped. Call inside the transaction that changes the parent.
 */
export function replaceChildren(deps: EngineDeps, parent: FileRow, parts: readonly ChildPart[], taskType: number = TaskType.splitChild): void {
  const { split_flag: _split, crop_flag: _crop, ...options } = fileOptionsOf(parent);
  deps.db.prepare('DELETE FROM files WHERE parent_task_id = ?').run(parent.task_id);
  for (const part of parts) {
    const child = insertFile(deps, {
      workspaceId: parent.workspace_id,
      parentTaskId: parent.task_id,
      taskType,
      batchNumber: parent.batch_number,
      name: parent.name,
      format: parent.format,
      blob: parent.blob,
      size: parent.size,
      options: { ...options, category: part.category ?? options.category },
      parserParams: parserParamsOf(parent),
      fromParentPositionList: part.pages,
    });
    startRun(deps, child.id);
  }
}

// A parent waits in splitting (or cropping) while its children run, and settles with the last of them.
export function settleParent(deps: EngineDeps, child: Pick<FileRow, 'parent_task_id'>): void {
  if (child.parent_task_id === null) return;
  deps.db.transaction(() => {
    const parent = deps.db.prepare('SELECT * FROM files WHERE task_id = ?').get(child.parent_task_id) as FileRow | undefined;
    const waiting: readonly number[] = [RecognitionStatus.splitting, RecognitionStatus.cropping];
    if (!parent || parent.verification_status === VerificationStatus.deleted || !waiting.includes(parent.recognition_status)) return;
    const busy = childrenOf(deps, parent.task_id).some(
      (c) => c.verification_status !== VerificationStatus.deleted && (IN_PROGRESS_STATUSES as readonly number[]).includes(c.recognition_status),
    );
    if (busy) return;
    const done = fileOptionsOf(parent).target_process === 'classify' ? RecognitionStatus.classified : RecognitionStatus.success;
    patchFile(deps, parent.id, { recognition_status: done });
  })();
}

/**
 * A split child's pages taken from its parent's parse, with the seals found on them: the stack is
 * read once, and a child made again by a correction is read again at once. Undefined when the child
 * is to be parsed itself (its parser parameters differ from its parent's, as after a retry with new ones).
 */
export function inheritedParse(deps: EngineDeps, child: FileRow): ParsedFile | undefined {
  if (child.task_type !== TaskType.splitChild || child.parent_task_id === null) return undefined;
  const parent = deps.db.prepare('SELECT * FROM files WHERE task_id = ?').get(child.parent_task_id) as FileRow | undefined;
  if (!parent?.document || JSON.stringify(parserParamsOf(parent)) !== JSON.stringify(parserParamsOf(child))) return undefined;
  const indexes = readJson<number[]>(child.from_parent_position_list, []);
  const whole: ParsedFile = { pages: readJson<PageInfo[]>(parent.pages, []), document: { pages: readJson<ParsedFile['document']>(parent.document, { pages: [] }).pages } };
  const stamps = (splitReportOf(deps, parent.id)?.stamps ?? []).flatMap((stamp) => (indexes.includes(stamp.page) ? [{ ...stamp, page: indexes.indexOf(stamp.page) }] : []));
  return { ...selectPages(whole, indexes), stamps };
}
