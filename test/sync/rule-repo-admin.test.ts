import { beforeAll, describe, expect, it } from 'vitest';
import { syncUntilDrained, useSyncRig } from './sync-harness.js';

const rig = useSyncRig(0, { initialSync: false });
let ws: string;
let keptRepo: string;
let goneRepo: string;
let keptGroup: string;
let goneGroup: string;

const ADMIN_ROUTES = ['/review/rule_repo/update', '/review/rule_repo/delete', '/review/rule_group/delete'];

beforeAll(async () => {
  ws = rig.ws;
  keptRepo = (await rig.engine.client.review.repos.create({ workspace_id: ws, name: 'Checks' })).repo_id;
  goneRepo = (await rig.engine.client.review.repos.create({ workspace_id: ws, name: 'Old checks' })).repo_id;
  keptGroup = (await rig.engine.client.review.groups.create({ workspace_id: ws, repo_id: keptRepo, name: 'General' })).group_id;
  goneGroup = (await rig.engine.client.review.groups.create({ workspace_id: ws, repo_id: keptRepo, name: 'Drafts' })).group_id;
  await rig.engine.client.review.rules.create({ workspace_id: ws, repo_id: keptRepo, group_id: goneGroup, name: 'Draft rule', prompt: 'Anything' });
  await rig.core.sync.syncNow();
}, 60_000);

const cachedRepos = () => rig.core.catalog.ruleRepos(ws).map((r) => [r.name, r.groups.map((g) => g.name)]);

describe('rule repositories and groups renamed and deleted offline', () => {
  it('show at once, reach the server once each after a lost answer, and leave the outbox empty', async () => {
    await rig.core.sync.setMode('paused');
    rig.core.changes.renameRuleRepo({ workspace_id: ws, repo_id: keptRepo, name: 'Invoice checks' });
    rig.core.changes.deleteRuleGroup({ workspace_id: ws, group_id: goneGroup });
    rig.core.changes.deleteRuleRepos({ workspace_id: ws, repo_ids: [goneRepo] });
    expect(cachedRepos()).toEqual([['Invoice checks', ['General']]]);
    expect(rig.core.outbox.counts().pending).toBe(3);

    const lost = new Set<string>();
    rig.proxy.setPlan((request) => (ADMIN_ROUTES.includes(request.route) && !lost.has(request.route) ? (lost.add(request.route), { kind: 'lose-response' }) : { kind: 'pass' }));
    await rig.core.sync.setMode('online');
    await syncUntilDrained(rig.core);

    expect([...lost].sort()).toEqual([...ADMIN_ROUTES].sort());
    // A delete resent after its lost answer finds nothing left to delete: applied once.
    expect([rig.proxy.applied('/review/rule_repo/delete').length, rig.proxy.applied('/review/rule_group/delete').length]).toEqual([1, 1]);
    const server = await rig.engine.client.review.repos.list({ workspace_id: ws, page: 1, page_size: 50 });
    expect(server.repos.map((r) => [r.repo_id, r.name, r.groups.map((g) => g.group_id)])).toEqual([[keptRepo, 'Invoice checks', [keptGroup]]]);
    expect(rig.core.outbox.counts()).toEqual({ pending: 0, conflicts: 0, deadLetters: 0 });
    expect(rig.core.catalog.ruleRepos(ws).map((r) => r.local_pending)).toEqual([0]);

    await rig.core.sync.refreshCatalog();
    expect(cachedRepos()).toEqual([['Invoice checks', ['General']]]);
  });

  it('refuses a group or repository the cache does not hold, and queues nothing', () => {
    expect(() => rig.core.changes.deleteRuleGroup({ workspace_id: ws, group_id: goneGroup })).toThrow(/not in the cache/);
    expect(() => rig.core.changes.deleteRuleRepos({ workspace_id: ws, repo_ids: [goneRepo] })).toThrow(/not in the cache/);
    expect(rig.core.outbox.counts().pending).toBe(0);
  });
});
