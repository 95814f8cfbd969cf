import { describe, expect, it, vi } from 'vitest';
import { NO_CHECK_EXPRESSION, evaluateRule, type EvaluableRule, type RuleEvaluator } from '../../../../src/shared/rule-evaluation/evaluate-rule.js';
import { NOT_TRIGGERED, judgeRule } from '../../../../src/shared/rule-evaluation/judge-rule.js';
import type { ReviewContext } from '../../../../src/shared/rule-evaluation/review-context.js';
import { reviewFile } from './review-fixture.js';

const rule = (categoryIds: string[] = []): EvaluableRule => ({ id: 'r1', name: 'total matches', prompt: 'check', categoryIds, referencedFields: [] });
const invoice = reviewFile({ name: 'invoice.txt', category: 'Invoice', categoryId: 'c-invoice' });
const receipt = reviewFile({ name: 'receipt.txt', category: 'Receipt', categoryId: 'c-receipt' });
/** No categories, nothing else in the workspace: these tests are about scope, not the evaluation. */
const context: ReviewContext = { categories: new Map(), today: 0, duplicatesOf: () => [] };
const passing: RuleEvaluator = () => ({ outcome: 'pass', reasoning: 'ok', anchors: [] });

describe('judgeRule', () => {
  it('is not triggered when no file is in one of its categories, without asking the evaluator', () => {
    const evaluate = vi.fn(passing);
    const verdict = judgeRule(rule(['c-other']), [invoice, receipt], evaluate, context);
    expect(verdict).toMatchObject({ outcome: 'not_triggered', reasoning: NOT_TRIGGERED, scope: [] });
    expect(evaluate).not.toHaveBeenCalled();
  });

  it('hands the evaluator only the files in its categories', () => {
    const evaluate = vi.fn(passing);
    expect(judgeRule(rule(['c-receipt']), [invoice, receipt], evaluate, context).outcome).toBe('pass');
    expect(evaluate).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }), [receipt], context);
  });

  it('applies a rule without categories to every file', () => {
    const evaluate = vi.fn(passing);
    judgeRule(rule(), [invoice, receipt], evaluate, context);
    expect(evaluate).toHaveBeenCalledWith(expect.anything(), [invoice, receipt], context);
  });

  it('is an error naming the file when a file in scope failed recognition', () => {
    const broken = reviewFile({ name: 'scan.pdf', category: 'Receipt', categoryId: 'c-receipt', recognitionStatus: 2, failureCauses: 'unreadable page' });
    const verdict = judgeRule(rule(['c-receipt']), [invoice, broken], passing, context);
    expect(verdict.outcome).toBe('error');
    expect(verdict.reasoning).toContain("File 'scan.pdf' (task t-scan.pdf) failed recognition: unreadable page.");
  });

  it('keeps a failed file of unknown category in every rule\'s scope rather than skip it', () => {
    const broken = reviewFile({ name: 'scan.pdf', recognitionStatus: 2 });
    expect(judgeRule(rule(['c-other']), [invoice, broken], passing, context).outcome).toBe('error');
  });

  it('answers the honest error with the default evaluator', () => {
    expect(judgeRule(rule(), [invoice], evaluateRule, context)).toMatchObject({ outcome: 'error', reasoning: NO_CHECK_EXPRESSION, anchors: [] });
  });
});
