import { z } from 'zod';
import { IdIn, IdOut, QueryBool, Vertices, queryInt } from './primitives.js';
import { RISK_LEVELS, ReviewModelIn } from './enums.js';
import { LIMITS } from './limits.js';

const FieldRef = z.looseObject({ field_id: IdOut, field_name: z.string().optional().default('') });
export const ReferencedFields = z.looseObject({
  category_id: IdOut,
  category_name: z.string().optional(),
  fields: z.array(FieldRef).optional().default([]),
  tables: z.array(z.looseObject({ table_id: IdOut, table_name: z.string().optional(), fields: z.array(FieldRef).optional().default([]) })).optional().default([]),
});
export type ReferencedFields = z.infer<typeof ReferencedFields>;

export const Rule = z.looseObject({
  rule_id: IdOut,
  name: z.string(),
  prompt: z.string(),
  category_ids: z.array(IdOut).default([]),
  referenced_fields: z.array(ReferencedFields).default([]),
  risk_level: z.number().int().optional(),
});
export type Rule = z.infer<typeof Rule>;

export const RuleGroup = z.looseObject({ group_id: IdOut, name: z.string(), rules: z.array(Rule).default([]) });
export const RuleRepo = z.looseObject({
  repo_id: IdOut,
  name: z.string(),
  groups: z.array(RuleGroup).default([]),
  category_ids: z.array(IdOut).default([]),
});
export type RuleRepo = z.infer<typeof RuleRepo>;

export const RuleRepoList = z.looseObject({
  repos: z.array(RuleRepo),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

// ---------- requests ----------

export const RuleRepoListQuery = z.object({
  workspace_id: IdIn,
  page: queryInt(1, 1_000_000).optional(),
  page_size: queryInt(1, LIMITS.listPageSizeMax).optional(),
});
export const RuleRepoGetQuery = z.object({ workspace_id: IdIn, repo_id: IdIn });

export const RuleRepoCreateBody = z.strictObject({ workspace_id: IdIn, name: z.string().trim().min(1).max(LIMITS.ruleRepoName) });
export const RuleRepoCreateResult = z.looseObject({ repo_id: IdOut });

export const RuleGroupCreateBody = z.strictObject({ workspace_id: IdIn, repo_id: IdIn, name: z.string().trim().min(1).max(LIMITS.ruleGroupName) });
export const RuleGroupCreateResult = z.looseObject({ group_id: IdOut });
export const RuleGroupUpdateBody = z.strictObject({ workspace_id: IdIn, group_id: IdIn, name: z.string().trim().min(1).max(LIMITS.ruleGroupName) });

const FieldRefIn = z.strictObject({ field_id: IdIn, field_name: z.string().optional() });
export const ReferencedFieldsIn = z.strictObject({
  category_id: IdIn,
  category_name: z.string().optional(),
  fields: z.array(FieldRefIn).optional(),
  tables: z.array(z.strictObject({ table_id: IdIn, table_name: z.string().optional(), fields: z.array(FieldRefIn).optional() })).optional(),
});
const riskLevel = z.union(RISK_LEVELS.map((v) => z.literal(v)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<30>]);
const ruleName = z.string().trim().min(1).max(100);
const rulePrompt = z.string().trim().min(1).max(4000);

export const RuleCreateBody = z.strictObject({
  workspace_id: IdIn,
  repo_id: IdIn,
  group_id: IdIn,
  name: ruleName,
  prompt: rulePrompt,
  category_ids: z.array(IdIn).optional(),
  referenced_fields: z.array(ReferencedFieldsIn).optional(),
  risk_level: riskLevel.optional(),
});
export type RuleCreateBody = z.input<typeof RuleCreateBody>;
export const RuleCreateResult = z.looseObject({ rule_id: IdOut });

export const RuleUpdateBody = z.strictObject({
  workspace_id: IdIn,
  rule_id: IdIn,
  group_id: IdIn.optional(),
  name: ruleName.optional(),
  prompt: rulePrompt.optional(),
  category_ids: z.array(IdIn).optional(),
  risk_level: riskLevel.optional(),
  referenced_fields: z.array(ReferencedFieldsIn).optional(),
});
export type RuleUpdateBody = z.input<typeof RuleUpdateBody>;

export const RuleDeleteBody = z.strictObject({ workspace_id: IdIn, rule_id: IdIn });

export const ReviewTaskSubmitBody = z
  .strictObject({
    workspace_id: IdIn,
    name: z.string().trim().min(1).max(LIMITS.reviewTaskName),
    repo_id: IdIn,
    extract_task_ids: z.array(IdIn).optional(),
    batch_number: z.string().min(1).optional(),
    model: ReviewModelIn.optional(),
  })
  .refine((b) => (b.extract_task_ids?.length ?? 0) > 0 || b.batch_number !== undefined, {
    message: 'extract_task_ids or batch_number is required',
    path: ['extract_task_ids'],
  });
export type ReviewTaskSubmitBody = z.input<typeof ReviewTaskSubmitBody>;
export const ReviewTaskCreated = z.looseObject({ task_id: IdOut, model: z.string() });

export const ReviewTaskRef = z.strictObject({ workspace_id: IdIn, task_id: IdIn });
export const ReviewRuleRetryBody = z.strictObject({ workspace_id: IdIn, task_id: IdIn, rule_id: IdIn });
export const ReviewTaskDeleteBody = z.strictObject({ workspace_id: IdIn, task_ids: z.array(IdIn).min(1) });
export const ReviewTaskResultBody = z.strictObject({ workspace_id: IdIn, task_id: IdIn, with_task_detail_url: QueryBool.optional() });

export const Anchor = z.looseObject({
  start_pos: z.number().int(),
  end_pos: z.number().int(),
  text: z.string(),
  vertices: Vertices,
  file_id: IdOut,
  extract_task_id: IdOut,
  page: z.number().int(),
  source: z.string(),
  file_category: z.string().optional(),
  field_name: z.string().optional(),
});
export type Anchor = z.infer<typeof Anchor>;

export const RuleTaskResult = z.looseObject({
  rule_task_id: IdOut,
  rule_id: IdOut,
  rule_name: z.string(),
  risk_level: z.number().int().nullable().optional(),
  prompt: z.string(),
  review_result: z.number().int(),
  reasoning: z.string().nullable().optional().default(''),
  anchors: z.array(Anchor).nullable().optional().default([]),
  audit_result: z.number().int().nullable().optional(),
  audit_message: z.string().nullable().optional(),
});
export type RuleTaskResult = z.infer<typeof RuleTaskResult>;

export const ReviewTaskResult = z.looseObject({
  task_id: IdOut,
  task_name: z.string(),
  task_detail_url: z.string().optional(),
  status: z.number().int(),
  rule_repo: z.looseObject({ repo_id: IdOut, name: z.string() }),
  extract_task_ids: z.array(IdOut),
  statistics: z.looseObject({
    pass_count: z.number().int(),
    failure_count: z.number().int(),
    error_count: z.number().int(),
    not_triggered_count: z.number().int(),
  }),
  groups: z.array(z.looseObject({ group_id: IdOut, group_name: z.string(), review_tasks: z.array(RuleTaskResult) })),
  model: z.string(),
});
export type ReviewTaskResult = z.infer<typeof ReviewTaskResult>;

export const RunRuleBody = z.strictObject({
  ruleIdNo: IdIn,
  executeTaskIdList: z.array(IdIn).min(1),
});
export type RunRuleBody = z.input<typeof RunRuleBody>;

export const RunRuleResult = z.looseObject({
  id: IdOut,
  reviewRuleIdNo: IdOut,
  reviewRuleVersion: z.number().int(),
  processStatus: z.number().int(),
  thinkOutput: z.string().nullable(),
  evalOutput: z.string().nullable(),
  bindingTaskIds: z.array(IdOut),
  resultHighlights: z.array(
    z.looseObject({
      fileId: IdOut,
      taskId: IdOut,
      text: z.string(),
      position: Vertices,
      page: z.number().int(),
      angel: z.number().int().optional(),
      startPos: z.number().int(),
      endPos: z.number().int(),
    }),
  ),
  evalResult: z.boolean().nullable(),
  duration: z.number().int(),
  eval: z.boolean(),
  manualAuditStatus: z.number().int().nullable().optional(),
  manualAuditMessage: z.string().nullable().optional(),
});
export type RunRuleResult = z.infer<typeof RunRuleResult>;

export const RuleRepoUpdateBody = z.strictObject({ workspace_id: IdIn, repo_id: IdIn, name: z.string().trim().min(1).max(LIMITS.ruleRepoName).optional() });
export type RuleRepoUpdateBody = z.input<typeof RuleRepoUpdateBody>;
export const RuleRepoDeleteBody = z.strictObject({ workspace_id: IdIn, repo_ids: z.array(IdIn).min(1).max(LIMITS.listPageSizeMax) });
export type RuleRepoDeleteBody = z.input<typeof RuleRepoDeleteBody>;
export const RuleGroupDeleteBody = z.strictObject({ workspace_id: IdIn, group_id: IdIn });
export type RuleGroupDeleteBody = z.input<typeof RuleGroupDeleteBody>;
