import { beforeAll, describe, expect, it } from 'vitest';
import { ReviewStatus, type ReviewTaskResult, type RuleCreateBody } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { apiError } from './api-error.js';
import { useContractRig } from './contract-rig.js';
import { waitForReview, waitForTask } from './engine-process.js';

const UNKNOWN_ID = '1234567890123456789';
const UNEVALUABLE = "The local engine found no check expression it can evaluate in this rule's prompt; this rule needs the cloud review service.";

const rig = useContractRig();
let otherWorkspaceId: string;
/** A category the uploaded invoice is in, one no file is in, and the invoice's extraction task. */
let invoiceCategory: { id: string; name: string; totalFieldId: string };
let receiptCategoryId: string;
let invoiceTaskId: string;
let invoiceBatch: string;
let counter = 0;

beforeAll(async () => {
  otherWorkspaceId = (await rig.engine.client.workspaces.create({ name: 'Other desk', auth_scope: 0 })).workspace_id;
  const invoiceTxt = await rig.writeTemp('invoice.txt', 'INVOICE\nInvoice number 2024-001\nTotal 118.00 EUR\n');
  const receiptTxt = await rig.writeTemp('receipt.txt', 'RECEIPT\nThank you for shopping\nPaid in cash\n');
  const invoicePdf = await rig.writeTemp('invoice.pdf', await makeTextPdf([['INVOICE', 'Invoice number 2024-002', 'Total 236.00 EUR']]));

  const invoiceName = 'Review invoices';
  const created = await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: invoiceName, fields: [{ name: 'Total' }], sampleFiles: [invoiceTxt] });
  const { fields } = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id: created.category_id });
  invoiceCategory = { id: created.category_id, name: invoiceName, totalFieldId: fields[0]!.id };
  receiptCategoryId = (await rig.engine.client.categories.create({ workspace_id: rig.workspaceId, name: 'Review receipts', fields: [{ name: 'Paid' }], sampleFiles: [receiptTxt] })).category_id;

  const upload = await rig.engine.client.files.upload(invoicePdf, { workspace_id: rig.workspaceId, category: invoiceName });
  invoiceTaskId = upload.files[0]!.task_id;
  invoiceBatch = upload.batch_number;
  const file = await waitForTask(rig.engine.client, rig.workspaceId, invoiceTaskId);
  expect(file.category).toBe(invoiceName);
}, 60_000);

const review = () => rig.engine.client.review;
const name = (prefix: string) => `${prefix} ${++counter}`;

async function newRepo(workspace = rig.workspaceId): Promise<{ repoId: string; groupId: string }> {
  const { repo_id } = await review().repos.create({ workspace_id: workspace, name: name('Repo') });
  const { group_id } = await review().groups.create({ workspace_id: workspace, repo_id, name: 'Totals' });
  return { repoId: repo_id, groupId: group_id };
}

async function newRule(repo: { repoId: string; groupId: string }, extra: Partial<RuleCreateBody> = {}): Promise<string> {
  const body = { workspace_id: rig.workspaceId, repo_id: repo.repoId, group_id: repo.groupId, name: name('Rule'), prompt: 'The total is positive', ...extra };
  return (await review().rules.create(body)).rule_id;
}

const getRepo = (repoId: string, workspace = rig.workspaceId) => review().repos.get({ workspace_id: workspace, repo_id: repoId });

/** A repository with an invoice rule, a receipt rule (no file is a receipt) and a rule without categories. */
async function reviewedRepo() {
  const repo = await newRepo();
  const invoiceRule = await newRule(repo, { category_ids: [invoiceCategory.id] });
  const receiptRule = await newRule(repo, { category_ids: [receiptCategoryId] });
  const anyRule = await newRule(repo);
  return { ...repo, invoiceRule, receiptRule, anyRule };
}

async function submitted(repoId: string, extra: { model?: 'beta-32b' } = {}) {
  return review().tasks.submit({ workspace_id: rig.workspaceId, name: name('Review'), repo_id: repoId, extract_task_ids: [invoiceTaskId], ...extra });
}

const rulesById = (result: ReviewTaskResult) => new Map(result.groups.flatMap((g) => g.review_tasks).map((r) => [r.rule_id, r]));

describe('POST /review/rule_repo/create', () => {
  it('creates an empty repository that the single read returns', async () => {
    const { repo_id } = await review().repos.create({ workspace_id: rig.workspaceId, name: 'Invoice checks' });
    expect(repo_id).toMatch(/^\d{19}$/);
    expect(await getRepo(repo_id)).toMatchObject({ repo_id, name: 'Invoice checks', groups: [], category_ids: [] });
  });

  it('refuses a name over 30 characters and an unknown workspace', async () => {
    expect((await rig.raw('POST', '/review/rule_repo/create', { body: { workspace_id: rig.workspaceId, name: 'x'.repeat(31) } })).code).toBe(40005);
    expect((await apiError(review().repos.create({ workspace_id: UNKNOWN_ID, name: 'r' }))).code).toBe(40400);
  });
});

describe('GET /review/rule_repo/list', () => {
  it('pages ten repositories by default and leaves risk_level out of rules', async () => {
    const { workspace_id } = await rig.engine.client.workspaces.create({ name: 'Paging desk', auth_scope: 0 });
    for (let i = 0; i < 11; i++) await review().repos.create({ workspace_id, name: `Repo ${i}` });
    const first = await review().repos.list({ workspace_id });
    expect(first).toMatchObject({ total: 11, page: 1, page_size: 10 });
    expect(first.repos.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Repo ${i}`));
    expect((await review().repos.list({ workspace_id, page: 2 })).repos.map((r) => r.name)).toEqual(['Repo 10']);

    const repo = await newRepo();
    await newRule(repo, { risk_level: 10 });
    const listed = (await review().repos.list({ workspace_id: rig.workspaceId, page_size: 100 })).repos.find((r) => r.repo_id === repo.repoId)!;
    expect(listed.groups[0]!.rules[0]).not.toHaveProperty('risk_level');
  });
});

describe('GET /review/rule_repo/get', () => {
  it('returns groups, rules with risk_level, and the union of the rules\' categories', async () => {
    const repo = await newRepo();
    await newRule(repo, { category_ids: [invoiceCategory.id], risk_level: 30 });
    await newRule(repo, { category_ids: [receiptCategoryId, invoiceCategory.id] });
    const read = await getRepo(repo.repoId);
    expect(read.category_ids).toEqual([invoiceCategory.id, receiptCategoryId]);
    expect(read.groups[0]!.rules.map((r) => r.risk_level)).toEqual([30, 20]);
  });

  it('does not show a repository of another workspace, or an unknown one', async () => {
    const { repoId } = await newRepo();
    expect((await apiError(getRepo(repoId, otherWorkspaceId))).code).toBe(40400);
    expect((await apiError(getRepo(UNKNOWN_ID))).code).toBe(40400);
  });
});

describe('POST /review/rule_group/create', () => {
  it('adds groups in order', async () => {
    const { repoId, groupId } = await newRepo();
    const { group_id } = await review().groups.create({ workspace_id: rig.workspaceId, repo_id: repoId, name: 'Dates' });
    expect((await getRepo(repoId)).groups.map((g) => [g.group_id, g.name])).toEqual([
      [groupId, 'Totals'],
      [group_id, 'Dates'],
    ]);
  });

  it('refuses an unknown repository and a name over 30 characters', async () => {
    expect((await apiError(review().groups.create({ workspace_id: rig.workspaceId, repo_id: UNKNOWN_ID, name: 'g' }))).code).toBe(40400);
    const { repoId } = await newRepo();
    expect((await rig.raw('POST', '/review/rule_group/create', { body: { workspace_id: rig.workspaceId, repo_id: repoId, name: 'g'.repeat(31) } })).code).toBe(40005);
  });
});

describe('POST /review/rule_group/update', () => {
  it('renames a group', async () => {
    const { repoId, groupId } = await newRepo();
    await review().groups.update({ workspace_id: rig.workspaceId, group_id: groupId, name: 'Amounts' });
    expect((await getRepo(repoId)).groups[0]!.name).toBe('Amounts');
  });

  it('refuses an unknown group and a group of another workspace', async () => {
    const { groupId } = await newRepo();
    expect((await apiError(review().groups.update({ workspace_id: rig.workspaceId, group_id: UNKNOWN_ID, name: 'x' }))).code).toBe(40400);
    expect((await apiError(review().groups.update({ workspace_id: otherWorkspaceId, group_id: groupId, name: 'x' }))).code).toBe(40400);
  });
});

describe('POST /review/rule/create', () => {
  it('stores the rule with the category and field names filled in and risk 20 by default', async () => {
    const repo = await newRepo();
    const ruleId = await newRule(repo, {
      name: 'Total present',
      category_ids: [invoiceCategory.id],
      referenced_fields: [{ category_id: invoiceCategory.id, fields: [{ field_id: invoiceCategory.totalFieldId }] }],
    });
    expect((await getRepo(repo.repoId)).groups[0]!.rules).toEqual([
      {
        rule_id: ruleId,
        name: 'Total present',
        prompt: 'The total is positive',
        category_ids: [invoiceCategory.id],
        referenced_fields: [{ category_id: invoiceCategory.id, category_name: invoiceCategory.name, fields: [{ field_id: invoiceCategory.totalFieldId, field_name: 'Total' }], tables: [] }],
        risk_level: 20,
      },
    ]);
  });

  it('refuses unknown categories and a group of another repository', async () => {
    const repo = await newRepo();
    expect((await apiError(newRule(repo, { category_ids: [UNKNOWN_ID] }))).code).toBe(40400);
    const other = await newRepo();
    expect((await apiError(newRule({ repoId: repo.repoId, groupId: other.groupId }))).code).toBe(40400);
  });
});

describe('POST /review/rule/update', () => {
  it('changes the given members and moves the rule to another group of its repository', async () => {
    const repo = await newRepo();
    const ruleId = await newRule(repo, { category_ids: [invoiceCategory.id] });
    const { group_id } = await review().groups.create({ workspace_id: rig.workspaceId, repo_id: repo.repoId, name: 'Moved' });
    await review().rules.update({ workspace_id: rig.workspaceId, rule_id: ruleId, group_id, prompt: 'Total equals the sum of lines', risk_level: 10 });
    const [first, second] = (await getRepo(repo.repoId)).groups;
    expect(first!.rules).toEqual([]);
    expect(second!.rules[0]).toMatchObject({ rule_id: ruleId, prompt: 'Total equals the sum of lines', risk_level: 10, category_ids: [invoiceCategory.id] });
  });

  it('refuses a group of another repository and an unknown rule', async () => {
    const repo = await newRepo();
    const ruleId = await newRule(repo);
    const other = await newRepo();
    expect((await apiError(review().rules.update({ workspace_id: rig.workspaceId, rule_id: ruleId, group_id: other.groupId }))).code).toBe(40004);
    expect((await apiError(review().rules.update({ workspace_id: rig.workspaceId, rule_id: UNKNOWN_ID, name: 'x' }))).code).toBe(40400);
  });
});

describe('POST /review/rule/delete', () => {
  it('removes the rule; a second delete finds nothing', async () => {
    const repo = await newRepo();
    const ruleId = await newRule(repo);
    const kept = await newRule(repo);
    await review().rules.delete({ workspace_id: rig.workspaceId, rule_id: ruleId });
    expect((await getRepo(repo.repoId)).groups[0]!.rules.map((r) => r.rule_id)).toEqual([kept]);
    expect((await apiError(review().rules.delete({ workspace_id: rig.workspaceId, rule_id: ruleId }))).code).toBe(40400);
  });
});

describe('POST /review/task/submit', () => {
  it('queues a review with the repository\'s default model', async () => {
    const repo = await reviewedRepo();
    const created = await submitted(repo.repoId);
    expect(created).toEqual({ task_id: expect.stringMatching(/^\d{19}$/), model: 'alpha-v4-pro' });
    const result = await waitForReview(rig.engine.client, rig.workspaceId, created.task_id);
    expect(result).toMatchObject({ task_id: created.task_id, extract_task_ids: [invoiceTaskId], model: 'alpha-v4-pro' });
  });

  it('answers a deprecated model with its replacement', async () => {
    const repo = await reviewedRepo();
    const created = await submitted(repo.repoId, { model: 'beta-32b' });
    expect(created.model).toBe('beta3.6-plus');
    expect((await review().tasks.result({ workspace_id: rig.workspaceId, task_id: created.task_id })).model).toBe('beta3.6-plus');
  });

  it('expands a batch number to its extraction tasks', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await review().tasks.submit({ workspace_id: rig.workspaceId, name: 'By batch', repo_id: repo.repoId, batch_number: invoiceBatch });
    expect((await waitForReview(rig.engine.client, rig.workspaceId, task_id)).extract_task_ids).toEqual([invoiceTaskId]);
  });

  it('refuses a name over 100 characters, neither tasks nor batch, an unknown repository and unknown tasks', async () => {
    const repo = await reviewedRepo();
    const base = { workspace_id: rig.workspaceId, repo_id: repo.repoId, extract_task_ids: [invoiceTaskId] };
    expect((await rig.raw('POST', '/review/task/submit', { body: { ...base, name: 'n'.repeat(101) } })).code).toBe(40005);
    expect((await rig.raw('POST', '/review/task/submit', { body: { workspace_id: rig.workspaceId, repo_id: repo.repoId, name: 'none' } })).code).toBe(40004);
    expect((await apiError(review().tasks.submit({ ...base, name: 'r', repo_id: UNKNOWN_ID }))).code).toBe(40400);
    expect((await apiError(review().tasks.submit({ ...base, name: 'r', extract_task_ids: [UNKNOWN_ID] }))).code).toBe(40400);
  });
});

describe('POST /review/task/result', () => {
  it('reports each rule: not triggered when no file is in its categories, the honest error otherwise', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await submitted(repo.repoId);
    const result = await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    expect(result).toMatchObject({ status: ReviewStatus.failed, rule_repo: { repo_id: repo.repoId } });
    expect(result.statistics).toEqual({ pass_count: 0, failure_count: 0, error_count: 2, not_triggered_count: 1 });
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]).toMatchObject({ group_id: repo.groupId, group_name: 'Totals' });
    const rules = rulesById(result);
    expect(rules.get(repo.receiptRule)).toMatchObject({ review_result: 1, reasoning: expect.stringContaining('Not triggered') });
    for (const ruleId of [repo.invoiceRule, repo.anyRule]) {
      expect(rules.get(ruleId)).toMatchObject({ review_result: 7, reasoning: UNEVALUABLE, anchors: [], risk_level: 20, prompt: 'The total is positive' });
    }
  });

  it('links the detail page only when asked, and refuses an unknown task or another workspace\'s', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await submitted(repo.repoId);
    expect(await review().tasks.result({ workspace_id: rig.workspaceId, task_id })).not.toHaveProperty('task_detail_url');
    expect((await review().tasks.result({ workspace_id: rig.workspaceId, task_id, with_task_detail_url: true })).task_detail_url).toContain(`/task-detail/review?workspace_id=${rig.workspaceId}&task_id=${task_id}`);
    expect((await apiError(review().tasks.result({ workspace_id: rig.workspaceId, task_id: UNKNOWN_ID }))).code).toBe(40400);
    expect((await apiError(review().tasks.result({ workspace_id: otherWorkspaceId, task_id }))).code).toBe(40400);
  });
});

describe('POST /review/task/retry', () => {
  it('judges every rule again with the rules as they are now', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await submitted(repo.repoId);
    await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    await review().rules.update({ workspace_id: rig.workspaceId, rule_id: repo.receiptRule, name: 'Now for invoices', category_ids: [invoiceCategory.id] });
    await review().tasks.retry({ workspace_id: rig.workspaceId, task_id });
    const result = await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    expect(result.statistics).toEqual({ pass_count: 0, failure_count: 0, error_count: 3, not_triggered_count: 0 });
    expect(rulesById(result).get(repo.receiptRule)).toMatchObject({ rule_name: 'Now for invoices', review_result: 7 });
  });

  it('refuses an unknown task', async () => {
    expect((await apiError(review().tasks.retry({ workspace_id: rig.workspaceId, task_id: UNKNOWN_ID }))).code).toBe(40400);
  });
});

describe('POST /review/task/rule/retry', () => {
  it('judges only that rule again', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await submitted(repo.repoId);
    await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    await review().rules.update({ workspace_id: rig.workspaceId, rule_id: repo.receiptRule, category_ids: [invoiceCategory.id] });
    await review().rules.update({ workspace_id: rig.workspaceId, rule_id: repo.anyRule, name: 'Renamed, not retried' });
    await review().tasks.retryRule({ workspace_id: rig.workspaceId, task_id, rule_id: repo.receiptRule });
    const rules = rulesById(await waitForReview(rig.engine.client, rig.workspaceId, task_id));
    expect(rules.get(repo.receiptRule)).toMatchObject({ review_result: 7, reasoning: UNEVALUABLE });
    expect(rules.get(repo.anyRule)!.rule_name).not.toBe('Renamed, not retried');
  });

  it('refuses a rule that is not in the task', async () => {
    const repo = await reviewedRepo();
    const { task_id } = await submitted(repo.repoId);
    await waitForReview(rig.engine.client, rig.workspaceId, task_id);
    const stranger = await newRule(await newRepo());
    expect((await apiError(review().tasks.retryRule({ workspace_id: rig.workspaceId, task_id, rule_id: stranger }))).code).toBe(40400);
  });
});

describe('POST /review/task/delete', () => {
  it('deletes the tasks, all or nothing', async () => {
    const repo = await reviewedRepo();
    const [a, b] = [await submitted(repo.repoId), await submitted(repo.repoId)];
    expect((await apiError(review().tasks.delete({ workspace_id: rig.workspaceId, task_ids: [a.task_id, UNKNOWN_ID] }))).code).toBe(40400);
    await waitForReview(rig.engine.client, rig.workspaceId, a.task_id);
    await review().tasks.delete({ workspace_id: rig.workspaceId, task_ids: [a.task_id, b.task_id] });
    for (const { task_id } of [a, b]) expect((await apiError(review().tasks.result({ workspace_id: rig.workspaceId, task_id }))).code).toBe(40400);
  });
});

describe('POST /review/runRule', () => {
  it('test-runs a rule: the honest error, with the rule\'s current version', async () => {
    const repo = await reviewedRepo();
    await review().rules.update({ workspace_id: rig.workspaceId, rule_id: repo.invoiceRule, prompt: 'Total is below 1000' });
    const run = await review().rules.testRun({ ruleIdNo: repo.invoiceRule, executeTaskIdList: [invoiceTaskId] });
    expect(run).toMatchObject({
      id: expect.stringMatching(/^\d{19}$/),
      reviewRuleIdNo: repo.invoiceRule,
      reviewRuleVersion: 2,
      processStatus: 7,
      evalOutput: UNEVALUABLE,
      bindingTaskIds: [invoiceTaskId],
      resultHighlights: [],
      evalResult: null,
      eval: false,
      manualAuditStatus: 0,
      manualAuditMessage: '',
    });
    expect(run.thinkOutput).toContain(invoiceCategory.name);
    expect(run.duration).toBeGreaterThanOrEqual(0);
  });

  it('reports a rule whose categories match no file as not evaluated', async () => {
    const repo = await reviewedRepo();
    const run = await review().rules.testRun({ ruleIdNo: repo.receiptRule, executeTaskIdList: [invoiceTaskId] });
    expect(run).toMatchObject({ eval: false, evalResult: null, evalOutput: expect.stringContaining('Not triggered') });
  });

  it('answers in the data envelope, and refuses an unknown rule or task', async () => {
    const repo = await reviewedRepo();
    const raw = await rig.raw('POST', '/review/runRule', { body: { ruleIdNo: repo.anyRule, executeTaskIdList: [invoiceTaskId] } });
    expect(raw).toMatchObject({ code: 200, msg: 'success', traceId: expect.any(String), data: expect.objectContaining({ reviewRuleIdNo: repo.anyRule }) });
    expect((await apiError(review().rules.testRun({ ruleIdNo: UNKNOWN_ID, executeTaskIdList: [invoiceTaskId] }))).code).toBe(40400);
    expect((await apiError(review().rules.testRun({ ruleIdNo: repo.anyRule, executeTaskIdList: [UNKNOWN_ID] }))).code).toBe(40400);
  });
});
