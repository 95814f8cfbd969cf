import { describe, expect, it } from 'vitest';
import { apiError } from './api-error.js';
import { useContractRig } from './contract-rig.js';

const UNKNOWN_ID = '1234567890123456789';
const rig = useContractRig();
const review = () => rig.engine.client.review;

async function repoWithRule(name: string) {
  const { repo_id } = await review().repos.create({ workspace_id: rig.workspaceId, name });
  const { group_id } = await review().groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'Totals' });
  await review().rules.create({ workspace_id: rig.workspaceId, repo_id, group_id, name: 'Positive total', prompt: 'The total is positive' });
  return { repo_id, group_id };
}

const repoIds = async () => (await review().repos.list({ workspace_id: rig.workspaceId, page_size: 100 })).repos.map((r) => r.repo_id);

describe('POST /review/rule_repo/update', () => {
  it('renames a repository and keeps its groups and rules', async () => {
    const { repo_id } = await repoWithRule('Old name');
    await review().repos.update({ workspace_id: rig.workspaceId, repo_id, name: 'New name' });
    const repo = await review().repos.get({ workspace_id: rig.workspaceId, repo_id });
    expect(repo.name).toBe('New name');
    expect(repo.groups[0]!.rules.map((r) => r.name)).toEqual(['Positive total']);
    expect((await rig.raw('POST', '/review/rule_repo/update', { body: { workspace_id: rig.workspaceId, repo_id, name: 'x'.repeat(31) } })).code).toBe(40005);
  });
});

describe('POST /review/rule_repo/delete', () => {
  it('deletes repositories, and none when one id is unknown', async () => {
    const a = await repoWithRule('Delete A');
    const b = await repoWithRule('Delete B');
    expect((await apiError(review().repos.delete({ workspace_id: rig.workspaceId, repo_ids: [a.repo_id, UNKNOWN_ID] }))).code).toBe(40400);
    expect(await repoIds()).toEqual(expect.arrayContaining([a.repo_id, b.repo_id]));
    await review().repos.delete({ workspace_id: rig.workspaceId, repo_ids: [a.repo_id, b.repo_id] });
    expect(await repoIds()).not.toContain(a.repo_id);
    expect((await apiError(review().repos.get({ workspace_id: rig.workspaceId, repo_id: b.repo_id }))).code).toBe(40400);
  });
});

describe('POST /review/rule_group/delete', () => {
  it('deletes a group with its rules and leaves the other groups', async () => {
    const { repo_id, group_id } = await repoWithRule('Groups');
    const other = await review().groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'Dates' });
    await review().groups.delete({ workspace_id: rig.workspaceId, group_id });
    const repo = await review().repos.get({ workspace_id: rig.workspaceId, repo_id });
    expect(repo.groups.map((g) => g.group_id)).toEqual([other.group_id]);
    expect((await apiError(review().groups.delete({ workspace_id: rig.workspaceId, group_id }))).code).toBe(40400);
  });
});
