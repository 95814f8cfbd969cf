import type { z } from 'zod';
import { RecognitionStatus, TaskType, type AmendCategoryBody } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember } from '../http/engine-error.js';
import { childrenOf, fileOptionsOf, patchFile, requireSettled, requireTask, startRun, type FileRow } from '../store/file-store.js';
import { requireWorkspace } from '../store/workspace-store.js';
import { requireCategoryNamed } from './category-ref.js';
import { replaceChildren } from './split/split.js';
import { markDecidedByClerk } from './split/split-report-store.js';

type Amend = z.output<typeof AmendCategoryBody>;

/**
 * /file/amend_category: a regular task gets a new category and is extracted again; a split parent
 * gets new children (category and pages each); a crop parent's children get new categories.
 */
export function amendCategory(deps: EngineDeps, body: Amend): void {
  requireWorkspace(deps, body.workspace_id);
  const task = requireTask(deps, body.workspace_id, body.task_id);
  requireSettled(task);
  const given = [body.category !== undefined, body.split_tasks !== undefined, body.crop_tasks !== undefined].filter(Boolean).length;
  if (given !== 1) throw invalidMember('body', 'give exactly one of category (regular task), split_tasks (split task) or crop_tasks (crop task)');
  if (body.category !== undefined) amendRegular(deps, task, body.category);
  else if (body.split_tasks) amendSplit(deps, task, body.split_tasks);
  else amendCrop(deps, task, body.crop_tasks!);
}

function amendRegular(deps: EngineDeps, task: FileRow, category: string): void {
  if (task.task_type === TaskType.parent) throw invalidMember('category', `task ${task.task_id} is a split/crop parent: amend it with split_tasks or crop_tasks`);
  requireCategoryNamed(deps, task.workspace_id, category, 'category', { enabled: false });
  deps.db.transaction(() => reExtract(deps, task, category))();
}

function amendSplit(deps: EngineDeps, task: FileRow, parts: NonNullable<Amend['split_tasks']>): void {
  if (task.task_type !== TaskType.parent || !fileOptionsOf(task).split_flag) throw invalidMember('split_tasks', `task ${task.task_id} is not a split task (uploaded with split_flag)`);
  parts.forEach((part, i) => {
    requireCategoryNamed(deps, task.workspace_id, part.category, `split_tasks.${i}.category`, { enabled: false });
    const missing = part.pages.find((page) => page >= task.total_page_num);
    if (missing !== undefined) throw invalidMember(`split_tasks.${i}.pages`, `page ${missing} does not exist: task ${task.task_id} has ${task.total_page_num} page(s), numbered from 0`);
  });
  deps.db.transaction(() => {
    patchFile(deps, task.id, { recognition_status: RecognitionStatus.splitting });
    markDecidedByClerk(deps, task.id);
    replaceChildren(deps, task, parts);
  })();
}

function amendCrop(deps: EngineDeps, task: FileRow, crops: NonNullable<Amend['crop_tasks']>): void {
  if (task.task_type !== TaskType.parent) throw invalidMember('crop_tasks', `task ${task.task_id} is not a crop task (uploaded with crop_flag)`);
  const children = new Map(childrenOf(deps, task.task_id).filter((c) => c.task_type === TaskType.cropChild).map((c) => [c.task_id, c]));
  const amended = crops.map((crop, i) => {
    const child = children.get(crop.crop_child_task_id);
    if (!child) throw invalidMember(`crop_tasks.${i}.crop_child_task_id`, `task ${crop.crop_child_task_id} is not a crop child of task ${task.task_id}`);
    requireCategoryNamed(deps, task.workspace_id, crop.category, `crop_tasks.${i}.category`, { enabled: false });
    return { child, category: crop.category };
  });
  deps.db.transaction(() => {
    patchFile(deps, task.id, { recognition_status: RecognitionStatus.cropping });
    for (const { child, category } of amended) reExtract(deps, child, category);
  })();
}

/** The user's category is kept as the given one, so a later retry does not classify it away. */
function reExtract(deps: EngineDeps, file: FileRow, category: string): void {
  startRun(deps, file.id, { status: RecognitionStatus.extracting, stage: 'extract', patch: { category, options: { ...fileOptionsOf(file), category } } });
}
