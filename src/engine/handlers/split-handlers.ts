import { TaskType } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember, stateConflict } from '../http/engine-error.js';
import type { Handlers } from '../http/handler.js';
import { splitReportOf } from '../pipeline/split/split-report-store.js';
import { fileOptionsOf, requireTask } from '../store/file-store.js';
import { requireWorkspace } from '../store/workspace-store.js';

/** The engine's extra /file/split/boundaries: the cut of a split task, so that the desk can point the clerk at the doubtful boundaries. */
export function createSplitHandlers(deps: EngineDeps): Pick<Handlers, 'fileSplitBoundaries'> {
  return {
    fileSplitBoundaries: ({ query }) => {
      requireWorkspace(deps, query.workspace_id);
      const task = requireTask(deps, query.workspace_id, query.task_id);
      if (task.task_type !== TaskType.parent || !fileOptionsOf(task).split_flag) throw invalidMember('task_id', `task ${task.task_id} is not a split task (uploaded with split_flag)`);
      const report = splitReportOf(deps, task.id);
      if (!report) throw stateConflict(`task ${task.task_id} is still being read: its boundaries are known once its pages are split`);
      return { task_id: task.task_id, decided_by: report.decidedBy, boundaries: report.boundaries, dropped: report.dropped };
    },
  };
}
