import { beforeEach, describe, expect, it } from 'vitest';
import { createRule, repoView, updateRuleFrom } from '../../../../src/engine/review/rule-repos.js';
import { insertGroup, insertRepo, requireRepo, requireRule } from '../../../../src/engine/store/review-store.js';
import { addCategory, reviewDeps } from './review-fixture.js';

let deps: ReturnType<typeof reviewDeps>;
let ws: string;
let repoId: string;
let groupId: string;

beforeEach(() => {
  deps = reviewDeps();
  ws = deps.workspaceId;
  repoId = insertRepo(deps, ws, 'repo', 'alpha-v4-pro');
  groupId = insertGroup(deps, repoId, 'g1');
});

const ruleIn = (extra: Partial<Parameters<typeof createRule>[1]> = {}) => ({ workspace_id: ws, repo_id: repoId, group_id: groupId, name: 'r', prompt: 'p', ...extra });

describe('rules', () => {
  it('fills in the category and field names the client left out, and defaults risk to medium', () => {
    const invoice = addCategory(deps, ws, 'Invoice', ['total', 'date']);
    const ruleId = createRule(deps, ruleIn({ category_ids: [invoice.id], referenced_fields: [{ category_id: invoice.id, fields: [{ field_id: invoice.fieldIds[1]! }, { field_id: invoice.fieldIds[0]!, field_name: 'Total' }] }] }));
    const rule = requireRule(deps, ws, ruleId);
    expect(rule.riskLevel).toBe(20);
    expect(rule.referencedFields).toEqual([
      { category_id: invoice.id, category_name: 'Invoice', fields: [{ field_id: invoice.fieldIds[1], field_name: 'date' }, { field_id: invoice.fieldIds[0], field_name: 'Total' }], tables: [] },
    ]);
  });

  it('refuses unknown categories and fields', () => {
    const invoice = addCategory(deps, ws, 'Invoice', ['total']);
    expect(() => createRule(deps, ruleIn({ category_ids: ['404'] }))).toThrow(/category 404 does not exist/);
    expect(() => createRule(deps, ruleIn({ referenced_fields: [{ category_id: invoice.id, fields: [{ field_id: '404' }] }] }))).toThrow(/field of category/);
  });

  it('bumps the version only when something changed, and moves within the repository only', () => {
    const ruleId = createRule(deps, ruleIn());
    const g2 = insertGroup(deps, repoId, 'g2');
    updateRuleFrom(deps, requireRule(deps, ws, ruleId), { workspace_id: ws, rule_id: ruleId, name: 'r' });
    expect(requireRule(deps, ws, ruleId).version).toBe(1);
    updateRuleFrom(deps, requireRule(deps, ws, ruleId), { workspace_id: ws, rule_id: ruleId, group_id: g2, risk_level: 10 });
    expect(requireRule(deps, ws, ruleId)).toMatchObject({ version: 2, groupId: g2, groupName: 'g2', riskLevel: 10 });
    const elsewhere = insertGroup(deps, insertRepo(deps, ws, 'other', 'alpha-v4-pro'), 'g');
    expect(() => updateRuleFrom(deps, requireRule(deps, ws, ruleId), { workspace_id: ws, rule_id: ruleId, group_id: elsewhere })).toThrow(/another repository/);
  });
});

describe('repoView', () => {
  it('lists the union of its rules\' categories and shows risk_level only when asked', () => {
    const a = addCategory(deps, ws, 'A');
    const b = addCategory(deps, ws, 'B');
    createRule(deps, ruleIn({ category_ids: [a.id, b.id] }));
    createRule(deps, ruleIn({ category_ids: [b.id] }));
    const repo = requireRepo(deps, ws, repoId);
    expect(repoView(deps, repo, { withRiskLevel: false }).category_ids).toEqual([a.id, b.id]);
    expect(repoView(deps, repo, { withRiskLevel: false }).groups![0]!.rules![0]).not.toHaveProperty('risk_level');
    expect(repoView(deps, repo, { withRiskLevel: true }).groups![0]!.rules![0]).toHaveProperty('risk_level', 20);
  });
});
