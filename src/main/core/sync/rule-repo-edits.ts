import type { Rule, RuleRepo } from '../../../shared/api/index.js';

// The local view of a rule repository after a rule or group change made offline.

export function repoWithRule(repo: RuleRepo, groupId: string, rule: Rule): RuleRepo {
  return { ...repo, groups: repo.groups.map((g) => (g.group_id === groupId ? { ...g, rules: [...g.rules, rule] } : g)) };
}

export function repoWithoutRule(repo: RuleRepo, ruleId: string): RuleRepo {
  return { ...repo, groups: repo.groups.map((g) => ({ ...g, rules: g.rules.filter((r) => r.rule_id !== ruleId) })) };
}

/** A changed rule, moved to another group when the change names one. */
export function repoWithChangedRule(repo: RuleRepo, ruleId: string, patch: Partial<Rule>, groupId?: string): RuleRepo {
  const rule = findRule(repo, ruleId);
  if (!rule) return repo;
  const changed = { ...rule, ...patch, rule_id: ruleId };
  const current = repo.groups.find((g) => g.rules.some((r) => r.rule_id === ruleId))!.group_id;
  if (groupId !== undefined && groupId !== current) return repoWithRule(repoWithoutRule(repo, ruleId), groupId, changed);
  return { ...repo, groups: repo.groups.map((g) => ({ ...g, rules: g.rules.map((r) => (r.rule_id === ruleId ? changed : r)) })) };
}

export function repoWithGroupName(repo: RuleRepo, groupId: string, name: string): RuleRepo {
  return { ...repo, groups: repo.groups.map((g) => (g.group_id === groupId ? { ...g, name } : g)) };
}

export function repoWithoutGroup(repo: RuleRepo, groupId: string): RuleRepo {
  return { ...repo, groups: repo.groups.filter((g) => g.group_id !== groupId) };
}

export function findRule(repo: RuleRepo, ruleId: string): Rule | undefined {
  return repo.groups.flatMap((g) => g.rules).find((r) => r.rule_id === ruleId);
}

export function hasGroup(repo: RuleRepo, groupId: string): boolean {
  return repo.groups.some((g) => g.group_id === groupId);
}

/** The rule made offline, under the id the server gave it. */
export function repoWithRuleId(repo: RuleRepo, localId: string, serverId: string): RuleRepo {
  return { ...repo, groups: repo.groups.map((g) => ({ ...g, rules: g.rules.map((r) => (r.rule_id === localId ? { ...r, rule_id: serverId } : r)) })) };
}
