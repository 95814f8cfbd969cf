import { beforeEach, describe, expect, it } from 'vitest';
import type { RuleEvaluator } from '../../../../src/shared/rule-evaluation/evaluate-rule.js';
import { testRunRule } from '../../../../src/engine/review/test-run.js';
import { findRule } from '../../../../src/engine/store/review-store.js';
import { createWorkspace } from '../../../../src/engine/store/workspace-store.js';
import { addFile, addRepo, reviewDeps } from './review-fixture.js';

let deps: ReturnType<typeof reviewDeps>;
let ruleId: string;
let taskId: string;
let fileId: string;

beforeEach(() => {
  deps = reviewDeps();
  ruleId = addRepo(deps, deps.workspaceId, [{}]).ruleIds[0]!;
  taskId = addFile(deps, deps.workspaceId, { name: 'a.txt' });
  deps.db.prepare('UPDATE files SET pages = ? WHERE task_id = ?').run(JSON.stringify([{ page: 0, angle: 90, width: 10, height: 10, dpi: 0 }]), taskId);
  fileId = (deps.db.prepare('SELECT id FROM files WHERE task_id = ?').get(taskId) as { id: string }).id;
});

const verdict =
  (outcome: 'pass' | 'failure'): RuleEvaluator =>
  (_rule, files) => ({
    outcome,
    reasoning: 'Total 118.00 is positive',
    anchors: [{ start_pos: 6, end_pos: 12, text: '118.00', vertices: [1, 2, 3, 2, 3, 4, 1, 4], file_id: files[0]!.fileId, extract_task_id: files[0]!.taskId, page: 0, source: 'ocr' }],
  });

describe('testRunRule', () => {
  it('answers a pass with its highlights, the page angle included', () => {
    const run = testRunRule(deps, { ruleIdNo: ruleId, executeTaskIdList: [taskId] }, verdict('pass'));
    expect(run).toMatchObject({ reviewRuleVersion: findRule(deps, ruleId)!.version, processStatus: 1, evalResult: true, eval: true, evalOutput: 'Total 118.00 is positive' });
    expect(run.resultHighlights).toEqual([{ fileId, taskId, text: '118.00', position: [1, 2, 3, 2, 3, 4, 1, 4], page: 0, angel: 90, startPos: 6, endPos: 12 }]);
  });

  it('answers a failure as evalResult false', () => {
    expect(testRunRule(deps, { ruleIdNo: ruleId, executeTaskIdList: [taskId] }, verdict('failure'))).toMatchObject({ processStatus: 2, evalResult: false, eval: true });
  });

  it('refuses tasks still being recognized instead of waiting', () => {
    deps.db.prepare('UPDATE files SET recognition_status = 4 WHERE task_id = ?').run(taskId);
    expect(() => testRunRule(deps, { ruleIdNo: ruleId, executeTaskIdList: [taskId] }, verdict('pass'))).toThrow(/still being recognized/);
  });

  it('refuses tasks of another workspace than the rule\'s', () => {
    const otherTask = addFile(deps, createWorkspace(deps, { name: 'other', auth_scope: 0 }), { name: 'b.txt' });
    expect(() => testRunRule(deps, { ruleIdNo: ruleId, executeTaskIdList: [otherTask] }, verdict('pass'))).toThrow(/does not exist/);
  });
});
