import type { Anchor, ReferencedFields } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { unknownId } from '../http/engine-error.js';
import { readJson } from './database.js';
import type { Paging } from './paging.js';

// Rows of rule_repos, rule_groups, rules, review_tasks and review_rule_results, and the SQL over them.
// Every lookup takes the workspace, so an id from another workspace reads as unknown.

export interface RepoRow {
  id: string;
  workspace_id: string;
  name: string;
  default_model: string;
}

export interface GroupRow {
  id: string;
  repo_id: string;
  name: string;
}

export interface StoredRule {
  id: string;
  repoId: string;
  groupId: string;
  groupName: string;
  workspaceId: string;
  name: string;
  prompt: string;
  categoryIds: string[];
  referencedFields: ReferencedFields[];
  riskLevel: number;
  version: number;
}

/** What a rule/update may change; the store writes the whole set. */
export type RuleContent = Pick<StoredRule, 'groupId' | 'name' | 'prompt' | 'categoryIds' | 'referencedFields' | 'riskLevel'>;

export interface ReviewTaskRow {
  id: string;
  workspace_id: string;
  name: string;
  repo_id: string;
  model: string;
  extractTaskIds: string[];
  status: number;
}

/** 'pending' until the runner has judged the rule. */
export type StoredOutcome = 'pending' | 'pass' | 'failure' | 'error' | 'not_triggered';

/** The rule as the result shows it: a snapshot, refreshed whenever the rule is judged again. */
export interface RuleSnapshot {
  ruleId: string;
  groupId: string;
  groupName: string;
  ruleName: string;
  prompt: string;
  riskLevel: number;
}

export interface RuleResult extends RuleSnapshot {
  id: string;
  outcome: StoredOutcome;
  reviewResult: number;
  reasoning: string;
  anchors: Anchor[];
  auditResult: number | null;
  auditMessage: string | null;
}

export interface RuleVerdictWrite {
  resultId: string;
  snapshot: RuleSnapshot | undefined;
  outcome: StoredOutcome;
  reviewResult: number;
  reasoning: string;
  anchors: Anchor[];
}

// ---------- repositories and groups ----------

export function insertRepo(deps: EngineDeps, workspaceId: string, name: string, defaultModel: string): string {
  const id = deps.ids.next();
  deps.db.prepare('INSERT INTO rule_repos (id, workspace_id, name, default_model, created_at) VALUES (?, ?, ?, ?, ?)').run(id, workspaceId, name, defaultModel, deps.now());
  return id;
}

export function requireRepo(deps: EngineDeps, workspaceId: string, repoId: string): RepoRow {
  const row = deps.db.prepare('SELECT * FROM rule_repos WHERE id = ? AND workspace_id = ?').get(repoId, workspaceId) as RepoRow | undefined;
  if (!row) throw unknownId('rule repository', repoId);
  return row;
}

export function listRepos(deps: EngineDeps, workspaceId: string, page: Paging): { total: number; rows: RepoRow[] } {
  const total = (deps.db.prepare('SELECT count(*) AS n FROM rule_repos WHERE workspace_id = ?').get(workspaceId) as { n: number }).n;
  const rows = deps.db
    .prepare('SELECT * FROM rule_repos WHERE workspace_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?')
    .all(workspaceId, page.limit, page.offset) as RepoRow[];
  return { total, rows };
}

export function insertGroup(deps: EngineDeps, repoId: string, name: string): string {
  const id = deps.ids.next();
  deps.db
    .prepare('INSERT INTO rule_groups (id, repo_id, name, ord) VALUES (?, ?, ?, (SELECT coalesce(max(ord), 0) + 1 FROM rule_groups WHERE repo_id = ?))')
    .run(id, repoId, name, repoId);
  return id;
}

export function requireGroup(deps: EngineDeps, workspaceId: string, groupId: string): GroupRow {
  const row = deps.db
    .prepare('SELECT g.id, g.repo_id, g.name FROM rule_groups g JOIN rule_repos r ON r.id = g.repo_id WHERE g.id = ? AND r.workspace_id = ?')
    .get(groupId, workspaceId) as GroupRow | undefined;
  if (!row) throw unknownId('rule group', groupId);
  return row;
}

export function renameGroup(deps: EngineDeps, groupId: string, name: string): void {
  deps.db.prepare('UPDATE rule_groups SET name = ? WHERE id = ?').run(name, groupId);
}

/** A review result outlives its repository: a deleted one is named ''. */
export function repoNameOf(deps: EngineDeps, repoId: string): string {
  return (deps.db.prepare('SELECT name FROM rule_repos WHERE id = ?').pluck().get(repoId) as string | undefined) ?? '';
}

export function renameRepo(deps: EngineDeps, repoId: string, name: string): void {
  deps.db.prepare('UPDATE rule_repos SET name = ? WHERE id = ?').run(name, repoId);
}

/** All or nothing: an id the workspace does not hold deletes none. Groups and rules go with their repository; past review results stay. */
export function deleteRepos(deps: EngineDeps, workspaceId: string, repoIds: readonly string[]): void {
  deps.db.transaction(() => {
    const unique = [...new Set(repoIds)];
    for (const id of unique) requireRepo(deps, workspaceId, id);
    const remove = deps.db.prepare('DELETE FROM rule_repos WHERE id = ?');
    for (const id of unique) remove.run(id);
  })();
}

/** The group's rules go with it (ON DELETE CASCADE). */
export function deleteGroup(deps: EngineDeps, groupId: string): void {
  deps.db.prepare('DELETE FROM rule_groups WHERE id = ?').run(groupId);
}

export function groupsOfRepo(deps: EngineDeps, repoId: string): GroupRow[] {
  return deps.db.prepare('SELECT id, repo_id, name FROM rule_groups WHERE repo_id = ? ORDER BY ord, id').all(repoId) as GroupRow[];
}

// ---------- rules ----------

interface RuleJoinRow {
  id: string;
  repo_id: string;
  group_id: string;
  group_name: string;
  workspace_id: string;
  name: string;
  prompt: string;
  category_ids: string;
  referenced_fields: string;
  risk_level: number;
  version: number;
}

const RULE_SELECT = `SELECT ru.*, g.name AS group_name, r.workspace_id FROM rules ru
  JOIN rule_groups g ON g.id = ru.group_id JOIN rule_repos r ON r.id = ru.repo_id`;

function toRule(row: RuleJoinRow): StoredRule {
  return {
    id: row.id,
    repoId: row.repo_id,
    groupId: row.group_id,
    groupName: row.group_name,
    workspaceId: row.workspace_id,
    name: row.name,
    prompt: row.prompt,
    categoryIds: readJson<string[]>(row.category_ids, []),
    referencedFields: readJson<ReferencedFields[]>(row.referenced_fields, []),
    riskLevel: row.risk_level,
    version: row.version,
  };
}

export function snapshotOf(rule: StoredRule): RuleSnapshot {
  return { ruleId: rule.id, groupId: rule.groupId, groupName: rule.groupName, ruleName: rule.name, prompt: rule.prompt, riskLevel: rule.riskLevel };
}

/** Any workspace: the test-run names a rule without its workspace. */
export function findRule(deps: EngineDeps, ruleId: string): StoredRule | undefined {
  const row = deps.db.prepare(`${RULE_SELECT} WHERE ru.id = ?`).get(ruleId) as RuleJoinRow | undefined;
  return row && toRule(row);
}

export function requireRule(deps: EngineDeps, workspaceId: string, ruleId: string): StoredRule {
  const rule = findRule(deps, ruleId);
  if (!rule || rule.workspaceId !== workspaceId) throw unknownId('rule', ruleId);
  return rule;
}

/** Rules in display order: by group, then by their place in the group. */
export function rulesOfRepo(deps: EngineDeps, repoId: string): StoredRule[] {
  const rows = deps.db.prepare(`${RULE_SELECT} WHERE ru.repo_id = ? ORDER BY g.ord, g.id, ru.ord, ru.id`).all(repoId) as RuleJoinRow[];
  return rows.map(toRule);
}

const NEXT_RULE_ORD = '(SELECT coalesce(max(ord), 0) + 1 FROM rules WHERE group_id = @groupId)';

function ruleParams(content: RuleContent) {
  return {
    groupId: content.groupId,
    name: content.name,
    prompt: content.prompt,
    categoryIds: JSON.stringify(content.categoryIds),
    referencedFields: JSON.stringify(content.referencedFields),
    riskLevel: content.riskLevel,
  };
}

export function insertRule(deps: EngineDeps, repoId: string, content: RuleContent): string {
  const id = deps.ids.next();
  deps.db
    .prepare(
      `INSERT INTO rules (id, repo_id, group_id, name, prompt, category_ids, referenced_fields, risk_level, version, ord)
       VALUES (@id, @repoId, @groupId, @name, @prompt, @categoryIds, @referencedFields, @riskLevel, 1, ${NEXT_RULE_ORD})`,
    )
    .run({ id, repoId, ...ruleParams(content) });
  return id;
}

/** Writes the new content and bumps the version; a rule moved to another group goes to its end. */
export function updateRule(deps: EngineDeps, rule: StoredRule, content: RuleContent): void {
  const ord = content.groupId === rule.groupId ? 'ord' : NEXT_RULE_ORD;
  deps.db
    .prepare(
      `UPDATE rules SET group_id = @groupId, name = @name, prompt = @prompt, category_ids = @categoryIds,
       referenced_fields = @referencedFields, risk_level = @riskLevel, version = version + 1, ord = ${ord} WHERE id = @id`,
    )
    .run({ id: rule.id, ...ruleParams(content) });
}

export function deleteRule(deps: EngineDeps, ruleId: string): void {
  deps.db.prepare('DELETE FROM rules WHERE id = ?').run(ruleId);
}

// ---------- review tasks ----------

interface ReviewTaskDbRow extends Omit<ReviewTaskRow, 'extractTaskIds'> {
  extract_task_ids: string;
}

export function insertReviewTask(deps: EngineDeps, task: Omit<ReviewTaskRow, 'id'>, rules: readonly RuleSnapshot[]): string {
  const id = deps.ids.next();
  const now = deps.now();
  deps.db
    .prepare('INSERT INTO review_tasks (id, workspace_id, name, repo_id, model, extract_task_ids, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(id, task.workspace_id, task.name, task.repo_id, task.model, JSON.stringify(task.extractTaskIds), task.status, now, now);
  const insert = deps.db.prepare(
    `INSERT INTO review_rule_results (id, review_task_id, rule_id, group_id, group_name, rule_name, prompt, risk_level, review_result, outcome, ord)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 'pending', ?)`,
  );
  rules.forEach((r, ord) => insert.run(deps.ids.next(), id, r.ruleId, r.groupId, r.groupName, r.ruleName, r.prompt, r.riskLevel, ord));
  return id;
}

function toTask(row: ReviewTaskDbRow): ReviewTaskRow {
  const { extract_task_ids, ...rest } = row;
  return { ...rest, extractTaskIds: readJson<string[]>(extract_task_ids, []) };
}

export function findReviewTask(deps: EngineDeps, taskId: string): ReviewTaskRow | undefined {
  const row = deps.db.prepare('SELECT * FROM review_tasks WHERE id = ?').get(taskId) as ReviewTaskDbRow | undefined;
  return row && toTask(row);
}

export function requireReviewTask(deps: EngineDeps, workspaceId: string, taskId: string): ReviewTaskRow {
  const task = findReviewTask(deps, taskId);
  if (!task || task.workspace_id !== workspaceId) throw unknownId('review task', taskId);
  return task;
}

export function setReviewTaskStatus(deps: EngineDeps, taskId: string, status: number): void {
  deps.db.prepare('UPDATE review_tasks SET status = ?, updated_at = ? WHERE id = ?').run(status, deps.now(), taskId);
}

export function deleteReviewTasks(deps: EngineDeps, taskIds: readonly string[]): void {
  const remove = deps.db.prepare('DELETE FROM review_tasks WHERE id = ?');
  for (const id of taskIds) remove.run(id);
}

// ---------- rule results ----------

interface RuleResultDbRow {
  id: string;
  rule_id: string;
  group_id: string;
  group_name: string;
  rule_name: string;
  prompt: string;
  risk_level: number;
  review_result: number;
  outcome: StoredOutcome;
  reasoning: string;
  anchors: string;
  audit_result: number | null;
  audit_message: string | null;
}

function toRuleResult(row: RuleResultDbRow): RuleResult {
  return {
    id: row.id,
    ruleId: row.rule_id,
    groupId: row.group_id,
    groupName: row.group_name,
    ruleName: row.rule_name,
    prompt: row.prompt,
    riskLevel: row.risk_level,
    outcome: row.outcome,
    reviewResult: row.review_result,
    reasoning: row.reasoning,
    anchors: readJson<Anchor[]>(row.anchors, []),
    auditResult: row.audit_result,
    auditMessage: row.audit_message,
  };
}

export function ruleResultsOf(deps: EngineDeps, taskId: string): RuleResult[] {
  const rows = deps.db.prepare('SELECT * FROM review_rule_results WHERE review_task_id = ? ORDER BY ord').all(taskId) as RuleResultDbRow[];
  return rows.map(toRuleResult);
}

/** Back to pending: all results of the task, or only those of one rule. */
export function resetRuleResults(deps: EngineDeps, taskId: string, ruleId?: string): number {
  const sql = `UPDATE review_rule_results SET outcome = 'pending', review_result = 0, reasoning = '', anchors = '[]', audit_result = NULL, audit_message = NULL
    WHERE review_task_id = ? ${ruleId === undefined ? '' : 'AND rule_id = ?'}`;
  return deps.db.prepare(sql).run(...(ruleId === undefined ? [taskId] : [taskId, ruleId])).changes;
}

/** A verdict without a snapshot (the rule is gone) keeps the snapshot taken before. */
export function writeVerdict(deps: EngineDeps, verdict: RuleVerdictWrite): void {
  const s = verdict.snapshot;
  deps.db
    .prepare(
      `UPDATE review_rule_results SET outcome = @outcome, review_result = @reviewResult, reasoning = @reasoning, anchors = @anchors,
       group_id = coalesce(@groupId, group_id), group_name = coalesce(@groupName, group_name), rule_name = coalesce(@ruleName, rule_name),
       prompt = coalesce(@prompt, prompt), risk_level = coalesce(@riskLevel, risk_level) WHERE id = @id`,
    )
    .run({
      id: verdict.resultId,
      outcome: verdict.outcome,
      reviewResult: verdict.reviewResult,
      reasoning: verdict.reasoning,
      anchors: JSON.stringify(verdict.anchors),
      groupId: s?.groupId ?? null,
      groupName: s?.groupName ?? null,
      ruleName: s?.ruleName ?? null,
      prompt: s?.prompt ?? null,
      riskLevel: s?.riskLevel ?? null,
    });
}
