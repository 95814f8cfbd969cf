import type { z } from 'zod';
import type { ReferencedFields, ReferencedFieldsIn, RuleCreateBody, RuleRepo, RuleUpdateBody } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember, unknownId } from '../http/engine-error.js';
import { loadCategoryModels, type CategoryModel, type FieldModel } from '../store/category-models.js';
import {
  groupsOfRepo,
  insertRule,
  requireGroup,
  requireRepo,
  rulesOfRepo,
  updateRule,
  type RepoRow,
  type RuleContent,
  type StoredRule,
} from '../store/review-store.js';

/** The notes' default when a rule is created without one: medium. */
const DEFAULT_RISK_LEVEL = 20;

type RepoOut = z.input<typeof RuleRepo>;

/** A repository with its groups and rules; the contract shows risk_level only in the single-repository read. */
export function repoView(deps: EngineDeps, repo: RepoRow, options: { withRiskLevel: boolean }): RepoOut {
  const rules = rulesOfRepo(deps, repo.id);
  return {
    repo_id: repo.id,
    name: repo.name,
    groups: groupsOfRepo(deps, repo.id).map((g) => ({
      group_id: g.id,
      name: g.name,
      rules: rules.filter((r) => r.groupId === g.id).map((r) => ruleView(r, options.withRiskLevel)),
    })),
    category_ids: [...new Set(rules.flatMap((r) => r.categoryIds))],
  };
}

function ruleView(rule: StoredRule, withRiskLevel: boolean) {
  return {
    rule_id: rule.id,
    name: rule.name,
    prompt: rule.prompt,
    category_ids: rule.categoryIds,
    referenced_fields: rule.referencedFields,
    ...(withRiskLevel ? { risk_level: rule.riskLevel } : {}),
  };
}

export function createRule(deps: EngineDeps, body: z.output<typeof RuleCreateBody>): string {
  const repo = requireRepo(deps, body.workspace_id, body.repo_id);
  const group = requireGroup(deps, body.workspace_id, body.group_id);
  if (group.repo_id !== repo.id) throw unknownId(`rule group of repository ${repo.id}`, group.id);
  const categories = loadCategoryModels(deps, body.workspace_id, { enabledOnly: false });
  return insertRule(deps, repo.id, {
    groupId: group.id,
    name: body.name,
    prompt: body.prompt,
    categoryIds: checkedCategoryIds(categories, body.category_ids ?? []),
    referencedFields: completeReferencedFields(categories, body.referenced_fields ?? []),
    riskLevel: body.risk_level ?? DEFAULT_RISK_LEVEL,
  });
}

/** Members left out keep their value; the version moves only when something changed, so a resend is harmless. */
export function updateRuleFrom(deps: EngineDeps, rule: StoredRule, body: z.output<typeof RuleUpdateBody>): void {
  const categories = loadCategoryModels(deps, body.workspace_id, { enabledOnly: false });
  const next: RuleContent = {
    groupId: body.group_id === undefined ? rule.groupId : groupInRepo(deps, rule, body.group_id),
    name: body.name ?? rule.name,
    prompt: body.prompt ?? rule.prompt,
    categoryIds: body.category_ids === undefined ? rule.categoryIds : checkedCategoryIds(categories, body.category_ids),
    referencedFields: body.referenced_fields === undefined ? rule.referencedFields : completeReferencedFields(categories, body.referenced_fields),
    riskLevel: body.risk_level ?? rule.riskLevel,
  };
  if (!sameContent(rule, next)) updateRule(deps, rule, next);
}

function groupInRepo(deps: EngineDeps, rule: StoredRule, groupId: string): string {
  const group = requireGroup(deps, rule.workspaceId, groupId);
  if (group.repo_id !== rule.repoId) throw invalidMember('group_id', `group ${groupId} belongs to another repository than rule ${rule.id}`);
  return group.id;
}

function sameContent(rule: StoredRule, next: RuleContent): boolean {
  return (Object.keys(next) as (keyof RuleContent)[]).every((key) => JSON.stringify(rule[key]) === JSON.stringify(next[key]));
}

function categoryById(categories: readonly CategoryModel[], id: string): CategoryModel {
  const category = categories.find((c) => c.id === id);
  if (!category) throw unknownId('category', id);
  return category;
}

function checkedCategoryIds(categories: readonly CategoryModel[], ids: readonly string[]): string[] {
  return [...new Set(ids)].map((id) => categoryById(categories, id).id);
}

type FieldRefIn = NonNullable<z.output<typeof ReferencedFieldsIn>['fields']>[number];

function fieldRefs(owner: string, known: readonly FieldModel[], given: readonly FieldRefIn[] = []) {
  return given.map((ref) => {
    const field = known.find((f) => f.id === ref.field_id);
    if (!field) throw unknownId(`field of ${owner}`, ref.field_id);
    return { field_id: ref.field_id, field_name: ref.field_name ?? field.name };
  });
}

/** Stored as given, with the names the client left out filled in from the category read model. */
export function completeReferencedFields(categories: readonly CategoryModel[], refs: readonly z.output<typeof ReferencedFieldsIn>[]): ReferencedFields[] {
  return refs.map((ref) => {
    const category = categoryById(categories, ref.category_id);
    return {
      category_id: ref.category_id,
      category_name: ref.category_name ?? category.name,
      fields: fieldRefs(`category ${category.id}`, category.fields, ref.fields),
      tables: (ref.tables ?? []).map((t) => {
        const table = category.tables.find((candidate) => candidate.id === t.table_id);
        if (!table) throw unknownId(`table of category ${category.id}`, t.table_id);
        return { table_id: t.table_id, table_name: t.table_name ?? table.name, fields: fieldRefs(`table ${table.id}`, table.fields, t.fields) };
      }),
    };
  });
}
