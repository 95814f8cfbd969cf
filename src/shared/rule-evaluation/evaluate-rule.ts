import type { Anchor, ReferencedFields } from '../api/index.js';
import { fileEnvironment } from './file-environment.js';
import type { Node } from '../rule-language/ast.js';
import { checkLinesOf } from '../rule-language/check-lines.js';
import { CheckEvalError } from '../rule-language/check-eval-error.js';
import { CheckSyntaxError } from '../rule-language/check-syntax-error.js';
import { runCheck } from '../rule-language/interpreter.js';
import { parseCheck } from '../rule-language/parser.js';
import { composeReasoning, outcomeOf, type Finding } from './reasoning.js';
import { staleReferences } from './referenced-fields-check.js';
import { categoryOf, type ReviewContext } from './review-context.js';
import type { ReviewFile } from './review-file.js';

/** The rule as the evaluator sees it. */
export interface EvaluableRule {
  id: string;
  name: string;
  prompt: string;
  categoryIds: readonly string[];
  referencedFields: readonly ReferencedFields[];
}

export interface RuleEvaluation {
  outcome: 'pass' | 'failure' | 'error';
  reasoning: string;
  /** start_pos/end_pos index into reasoning. */
  anchors: Anchor[];
}

/** The seam where the rule language plugs in: deterministic, given the rule, its files and the workspace. */
export type RuleEvaluator = (rule: EvaluableRule, files: readonly ReviewFile[], context: ReviewContext) => RuleEvaluation;

export const NO_CHECK_EXPRESSION =
  "The local engine found no check expression it can evaluate in this rule's prompt; this rule needs the cloud review service.";

type ParsedCheck = { source: string; tree: Node };

/**
 * The rule language (docs/review-rules.md): every `check:` line of the prompt must hold on every
 * file in scope. A prompt without one is not guessed at; a check that cannot be read is an error
 * of the rule, whatever the files.
 */
export const evaluateRule: RuleEvaluator = (rule, files, context) => {
  const lines = checkLinesOf(rule.prompt);
  if (lines.length === 0) return { outcome: 'error', reasoning: NO_CHECK_EXPRESSION, anchors: [] };
  const unreadable: string[] = [];
  const checks: ParsedCheck[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      checks.push({ source: line.source, tree: parseCheck(line.source) });
    } catch (error) {
      if (!(error instanceof CheckSyntaxError)) throw error;
      unreadable.push(`Check ${i + 1} on line ${line.line} of the prompt (\`${line.source}\`) cannot be read: ${error.message}.`);
    }
  }
  if (unreadable.length > 0) return { outcome: 'error', reasoning: unreadable.join('\n'), anchors: [] };
  const findings = files.flatMap((file) => checkFile(rule, file, checks, context));
  return { outcome: outcomeOf(findings), ...composeReasoning(findings) };
};

function checkFile(rule: EvaluableRule, file: ReviewFile, checks: readonly ParsedCheck[], context: ReviewContext): Finding[] {
  const category = categoryOf(file, context);
  const stale = category ? staleReferences(rule.referencedFields, category) : [];
  if (stale.length > 0) return [{ file, outcome: 'error', detail: [`the fields this rule refers to have changed since it was written: ${stale.join('; ')}`], uses: [] }];
  return checks.map((check, i) => {
    const { env, uses } = fileEnvironment(file, context);
    const base = { file, check: { number: i + 1, of: checks.length, source: check.source }, uses };
    try {
      const run = runCheck(check.tree, check.source, env);
      return { ...base, outcome: run.holds ? 'pass' : 'failure', detail: run.explanation };
    } catch (error) {
      if (!(error instanceof CheckEvalError)) throw error;
      return { ...base, outcome: 'error', detail: [error.message] };
    }
  });
}
