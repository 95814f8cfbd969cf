import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { FaultProxy } from './fault-proxy.js';
import { newCore, seedFiles, syncUntilDrained, tempDir } from './sync-harness.js';

let engine: EngineProcess;
let proxy: FaultProxy;
let core: DocketCore;
let ws: string;
let files: { id: string; task_id: string }[];
let repoId: string;
let groupId: string;
let ruleId: string;
let spareCategoryId: string;

beforeAll(async () => {
  engine = await startEngineProcess();
  ws = await defaultWorkspace(engine);
  files = await seedFiles(engine, ws, 4);
  const sample = join(await tempDir('docket-kinds-'), 'receipt-sample.txt');
  await writeFile(sample, 'RECEIPT\nCashier: Ann\n');
  await engine.client.categories.create({ workspace_id: ws, name: 'Receipt', fields: [{ name: 'Cashier' }], sampleFiles: [sample] });
  spareCategoryId = (await engine.client.categories.create({ workspace_id: ws, name: 'Spare', fields: [{ name: 'Anything' }], sampleFiles: [sample] })).category_id;
  repoId = (await engine.client.review.repos.create({ workspace_id: ws, name: 'Checks' })).repo_id;
  groupId = (await engine.client.review.groups.create({ workspace_id: ws, repo_id: repoId, name: 'General' })).group_id;
  await engine.client.review.rules.create({ workspace_id: ws, repo_id: repoId, group_id: groupId, name: 'Kept', prompt: 'The reference is filled in' });
  ruleId = (await engine.client.review.rules.create({ workspace_id: ws, repo_id: repoId, group_id: groupId, name: 'Dropped', prompt: 'Anything' })).rule_id;
  proxy = await FaultProxy.start(engine.origin);
  core = await newCore(proxy.origin);
  await core.sync.syncNow();
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await engine?.stop();
});

const applied = (route: string) => proxy.applied(route).length;

describe('every kind of change made offline', () => {
  it('reaches the server once the desk is back online', async () => {
    const [toAmend, toReExtract, toRetry, toDelete] = files as [typeof files[0], typeof files[0], typeof files[0], typeof files[0]];
    await core.sync.setMode('paused');
    core.changes.amendCategory({ workspace_id: ws, task_id: toAmend.task_id, category: 'Receipt' });
    core.changes.reExtract({ workspace_id: ws, task_id: toReExtract.task_id, fields: [{ key: 'Reference', prompt: 'the reference number' }] });
    core.changes.retryFile({ workspace_id: ws, task_id: toRetry.task_id, parser_params: { dpi: 216 } });
    core.changes.deleteFiles({ workspace_id: ws, file_ids: [toDelete.id] });
    core.changes.renameRuleGroup({ workspace_id: ws, group_id: groupId, name: 'Basics' });
    core.changes.deleteRule({ workspace_id: ws, rule_id: ruleId });
    core.changes.deleteCategories({ workspace_id: ws, category_ids: [spareCategoryId] });
    const review = core.changes.submitReview({ workspace_id: ws, name: 'Evening review', repo_id: repoId, extract_task_ids: [toAmend.task_id] });
    expect(core.outbox.counts().pending).toBe(8);
    expect(core.getFile(ws, toAmend.id)?.category).toBe('Receipt');
    expect(core.listFiles({ workspace_id: ws }).files.map((f) => f.file_id)).not.toContain(toDelete.id);

    await core.sync.setMode('online');
    await syncUntilDrained(core);
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect((await engine.client.files.fetch({ workspace_id: ws, file_id: toAmend.id })).files[0]?.category).toBe('Receipt');
    expect(await engine.client.files.fetch({ workspace_id: ws, file_id: toDelete.id })).toMatchObject({ files: [] });
    expect([applied('/file/amend_category'), applied('/file/extract_fields'), applied('/file/retry'), applied('/file/delete')]).toEqual([1, 1, 1, 1]);
    const repo = await engine.client.review.repos.get({ workspace_id: ws, repo_id: repoId });
    expect(repo.groups.map((g) => [g.name, g.rules.map((r) => r.name)])).toEqual([['Basics', ['Kept']]]);
    expect((await engine.client.categories.list({ workspace_id: ws, enabled: 'all' })).categories.map((c) => c.name)).toEqual(['Receipt']);

    // The review task made offline now has its server id: retry it, retry one rule, delete it.
    const [task] = core.catalog.reviewTasks(ws);
    expect(task?.name).toBe('Evening review');
    expect(task?.task_id).not.toBe(review.localId);
    const result = await engine.client.review.tasks.result({ workspace_id: ws, task_id: task!.task_id });
    core.changes.retryReview({ workspace_id: ws, task_id: task!.task_id });
    core.changes.retryReviewRule({ workspace_id: ws, task_id: task!.task_id, rule_id: result.groups[0]!.review_tasks[0]!.rule_id });
    core.changes.deleteReviewTasks({ workspace_id: ws, task_ids: [task!.task_id] });
    await syncUntilDrained(core, 30_000);
    expect([applied('/review/task/submit'), applied('/review/task/retry'), applied('/review/task/rule/retry'), applied('/review/task/delete')]).toEqual([1, 1, 1, 1]);
    expect(core.catalog.reviewTasks(ws)).toEqual([]);
    expect(core.journal.list().filter((e) => e.kind === 'sync.applied')).toHaveLength(11);
  });
});
