import { describe, expect, it } from 'vitest';
import { VerificationStatus, type ListedField } from '../../../../../src/shared/api/index.js';
import { CachedCategory } from '../../../../../src/shared/ipc/channels/categories.js';
import { CachedFile } from '../../../../../src/shared/ipc/channels/files.js';
import { evaluateRule } from '../../../../../src/shared/rule-evaluation/evaluate-rule.js';
import type { EvaluationField } from '../../../../../src/shared/rule-evaluation/evaluation-category.js';
import { judgeRule } from '../../../../../src/shared/rule-evaluation/judge-rule.js';
import type { ReviewFile } from '../../../../../src/shared/rule-evaluation/review-file.js';
import { evaluationCategoryOf } from '../../../../../src/main/core/rule-drafts/evaluation-category-of.js';
import { reviewFilesOf } from '../../../../../src/main/core/rule-drafts/review-files-of.js';
import { DUPLICATES_NEED_SAVED_RULE, testDraft } from '../../../../../src/main/core/rule-drafts/test-draft.js';
import { INVOICE_CATEGORY, INVOICE_FIELDS, TODAY, invoiceContext, invoiceData, invoiceFile, ruleWith } from '../../../engine/review/invoice-fixture.js';

// The engine's side reads the category as its store does (the invoice fixture); the desk's side reads
// the same category and file as the cache holds them (the service's listed fields and file record).

const listed = (field: EvaluationField): ListedField => ({ id: field.id, name: field.name, alias: field.definition.alias ?? null, multi_value: field.definition.multi_value ?? false });

const CACHED_INVOICE = CachedCategory.parse({
  id: INVOICE_CATEGORY.id,
  name: INVOICE_CATEGORY.name,
  enabled: 1,
  local_pending: 0,
  fields: { fields: INVOICE_CATEGORY.fields.map(listed), tables: INVOICE_CATEGORY.tables.map((t) => ({ id: t.id, name: t.name, fields: t.fields.map(listed) })) },
});

function cachedFileOf(file: ReviewFile, children: readonly ReviewFile[] = []): CachedFile {
  const record = (f: ReviewFile) => ({ id: f.fileId, task_id: f.taskId, task_type: 1, name: f.name, recognition_status: f.recognitionStatus, category: f.category, pages: f.pages, data: f.data, document: f.document });
  return CachedFile.parse({ ...record(file), child_files: children.map((child) => ({ ...record(child), parent_task_id: file.taskId })), local: { pending: 0, action: null, conflict: false } });
}

const onDesk = (prompt: string, file: ReviewFile = invoiceFile(), categoryIds: string[] = [INVOICE_CATEGORY.id]) =>
  testDraft({ prompt, categoryIds }, reviewFilesOf(cachedFileOf(file), new Map([[INVOICE_CATEGORY.name, INVOICE_CATEGORY.id]])), { categories: [evaluationCategoryOf(CACHED_INVOICE)], today: TODAY });

const inEngine = (prompt: string, file: ReviewFile = invoiceFile()) => judgeRule(ruleWith(prompt), [file], evaluateRule, invoiceContext());

describe('testDraft', () => {
  it.each([
    ['an English sum that holds', 'check: [Amount] + [Tax] = [Total]'],
    ['a Chinese alias of a field', 'check: [价税合计] > 1000'],
    ['a Chinese alias of a table column', 'check: sum([Line items.金额]) = [Amount]'],
    ['a check that fails', 'check: [Tax] > 1000'],
    ['a date against today', 'check: [Invoice date] <= today()'],
    ['a multi-value field and a table row count', 'check: count([Order numbers]) = 2\ncheck: count([Line items]) = 2'],
    ['the document text', 'check: document() contains "vat invoice"'],
    ['a field the category does not have', 'check: [Grand total] > 0'],
    ['an empty field', 'check: [Buyer tax ID] > 0'],
  ])('gives the engine verdict and reasoning for %s', (_what, prompt) => {
    const engine = inEngine(prompt);
    expect(onDesk(prompt)).toEqual([{ file_id: 'file-1', name: 'invoice-1.pdf', verdict: engine.outcome, reasoning: engine.reasoning }]);
  });

  it('covers pass, failure and error among the compared verdicts', () => {
    expect(['check: [Amount] + [Tax] = [Total]', 'check: [Tax] > 1000', 'check: [Grand total] > 0'].map((p) => onDesk(p)[0]!.verdict)).toEqual(['pass', 'failure', 'error']);
  });

  it('answers a draft it cannot read with an error naming the line and what was expected', () => {
    const [verdict] = onDesk('Totals add up.\ncheck: [Amount] + = [Total]');
    expect(verdict).toMatchObject({ verdict: 'error' });
    expect(verdict!.reasoning).toMatch(/^Check 1 on line 2 of the prompt \(`\[Amount\] \+ = \[Total\]`\) cannot be read: /);
    expect(verdict!.reasoning).toBe(inEngine('Totals add up.\ncheck: [Amount] + = [Total]').reasoning);
  });

  it('answers prose without a check line with the engine error', () => {
    expect(onDesk('The total must be greater than zero.')[0]).toMatchObject({ verdict: 'error', reasoning: inEngine('The total must be greater than zero.').reasoning });
  });

  it('leaves a file of another category out of the draft, as the engine does', () => {
    expect(onDesk('check: [Total] > 0', invoiceFile(), ['c-receipt'])[0]).toMatchObject({ verdict: 'not_triggered' });
  });

  it('tries the children of a split file, each with its own verdict', () => {
    const parent = invoiceFile({ fileId: 'parent', taskId: 'task-p', category: '', categoryId: undefined, data: null });
    const low = invoiceFile({ fileId: 'child-1', name: 'page-1.pdf', data: invoiceData({ ...INVOICE_FIELDS, Total: '5' }) });
    const files = reviewFilesOf(cachedFileOf(parent, [invoiceFile({ fileId: 'child-0', name: 'page-0.pdf' }), low]), new Map([[INVOICE_CATEGORY.name, INVOICE_CATEGORY.id]]));
    const verdicts = testDraft({ prompt: 'check: [Total] > 1000', categoryIds: [] }, files, { categories: [evaluationCategoryOf(CACHED_INVOICE)], today: TODAY });
    expect(verdicts.map((v) => [v.file_id, v.verdict])).toEqual([['child-0', 'pass'], ['child-1', 'failure']]);
  });

  it('leaves a deleted child of a split file out, as the engine does', () => {
    const parent = invoiceFile({ fileId: 'parent', taskId: 'task-p', category: '', categoryId: undefined, data: null });
    const cached = cachedFileOf(parent, [invoiceFile({ fileId: 'child-0' }), invoiceFile({ fileId: 'child-1' })]);
    cached.child_files![1]!.verification_status = VerificationStatus.deleted;
    expect(reviewFilesOf(cached, new Map()).map((f) => f.fileId)).toEqual(['child-0']);
    cached.child_files![0]!.verification_status = VerificationStatus.deleted;
    expect(reviewFilesOf(cached, new Map()).map((f) => f.fileId)).toEqual(['parent']);
  });

  it('leaves a duplicate search to the engine, saying why', () => {
    const [verdict] = onDesk('check: not duplicates_in_workspace([Invoice number])');
    expect(verdict).toMatchObject({ verdict: 'error' });
    expect(verdict!.reasoning).toContain(DUPLICATES_NEED_SAVED_RULE);
  });
});
