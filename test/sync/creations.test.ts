import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocketCore } from '../../src/main/core/docket-core.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../contract/engine-process.js';
import { FaultProxy, type FaultPlan } from './fault-proxy.js';
import { newCore, seedFiles, syncUntilDrained, tempDir } from './sync-harness.js';

let engine: EngineProcess;
let proxy: FaultProxy;
let core: DocketCore;
let ws: string;
let taskId: string;
let repoId: string;
let groupId: string;
let samplePath: string;

beforeAll(async () => {
  engine = await startEngineProcess();
  ws = await defaultWorkspace(engine);
  taskId = (await seedFiles(engine, ws, 1))[0]!.task_id;
  repoId = (await engine.client.review.repos.create({ workspace_id: ws, name: 'Checks' })).repo_id;
  groupId = (await engine.client.review.groups.create({ workspace_id: ws, repo_id: repoId, name: 'Totals' })).group_id;
  samplePath = join(await tempDir('docket-sample-'), 'contract-sample.txt');
  await writeFile(samplePath, 'CONTRACT\nParty: ACME Ltd\n');
  proxy = await FaultProxy.start(engine.origin);
  core = await newCore(proxy.origin);
  await core.sync.syncNow();
}, 60_000);

afterAll(async () => {
  await core?.close();
  await proxy?.close();
  await engine?.stop();
});

/** The first request to each of these routes reaches the server, which applies it; its answer is lost. */
function loseFirstAnswerOf(routes: string[]): FaultPlan {
  const lost = new Set<string>();
  return (request) => {
    if (!routes.includes(request.route) || lost.has(request.route)) return { kind: 'pass' };
    lost.add(request.route);
    return { kind: 'lose-response' };
  };
}

describe('creations whose answer is lost', () => {
  it('are looked up by name before any second attempt, so that each exists once', async () => {
    proxy.setPlan(loseFirstAnswerOf(['/category/create', '/review/rule/create', '/review/task/submit']));
    const category = core.changes.createCategory({ workspace_id: ws, name: 'Contracts', fields: [{ name: 'Party' }], sample_files: [samplePath] });
    // Queued behind the creation, under the local id: sent with the server's id once it is known.
    core.changes.updateCategory({ workspace_id: ws, category_id: category.localId!, category_prompt: 'a contract between two parties' });
    const rule = core.changes.createRule({ workspace_id: ws, repo_id: repoId, group_id: groupId, name: 'Reference present', prompt: 'The reference is filled in' });
    core.changes.updateRule({ workspace_id: ws, rule_id: rule.localId!, risk_level: 10 });
    core.changes.submitReview({ workspace_id: ws, name: 'Morning review', repo_id: repoId, extract_task_ids: [taskId] });

    await syncUntilDrained(core);

    expect(proxy.applied('/category/create')).toHaveLength(1);
    expect(proxy.applied('/review/rule/create')).toHaveLength(1);
    const categories = (await engine.client.categories.list({ workspace_id: ws, enabled: 'all' })).categories.filter((c) => c.name === 'Contracts');
    expect(categories).toHaveLength(1);
    expect(categories[0]!.category_prompt).toBe('a contract between two parties');
    const rules = (await engine.client.review.repos.get({ workspace_id: ws, repo_id: repoId })).groups[0]!.rules.filter((r) => r.name === 'Reference present');
    expect(rules).toHaveLength(1);
    expect(rules[0]!.risk_level).toBe(10);

    // The cache knows both by their server ids now.
    expect(core.catalog.category(ws, categories[0]!.id)?.name).toBe('Contracts');
    expect(core.catalog.ruleRepo(ws, repoId)?.groups[0]?.rules.map((r) => r.rule_id)).toContain(rules[0]!.rule_id);

    // A review task cannot be looked up by name: it is not sent again, the clerk decides.
    expect(proxy.applied('/review/task/submit')).toHaveLength(1);
    const [letter] = core.outbox.deadLetters();
    expect(letter?.kind).toBe('review.submit');
    expect(letter?.reason).toMatch(/no way to look a review task up/);
    expect(core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 1 });
  });
});
