import type { Anchor, FileData, FileDocument, PageInfo, ReferencedFields } from '../../shared/api/index.js';

/** The rule as the evaluator sees it. */
export interface EvaluableRule {
  id: string;
  name: string;
  prompt: string;
  categoryIds: readonly string[];
  referencedFields: readonly ReferencedFields[];
}

/** One recognized file of a review: only files in the rule's scope and fully recognized reach the evaluator. */
export interface ReviewFile {
  fileId: string;
  taskId: string;
  name: string;
  category: string;
  /** Undefined when the file has no category or its category no longer exists. */
  categoryId: string | undefined;
  recognitionStatus: number;
  failureCauses: string | null;
  pages: PageInfo[];
  data: FileData | null;
  document: FileDocument | null;
}

export interface RuleEvaluation {
  outcome: 'pass' | 'failure' | 'error';
  reasoning: string;
  /** start_pos/end_pos index into reasoning. */
  anchors: Anchor[];
}

/** The seam where the rule language plugs in: deterministic, given the rule and its files. */
export type RuleEvaluator = (rule: EvaluableRule, files: readonly ReviewFile[]) => RuleEvaluation;

export const NO_CHECK_EXPRESSION =
  "The local engine found no check expression it can evaluate in this rule's prompt; this rule needs the cloud review service.";

/** Until the rule language lands, no prompt is evaluable: say so rather than guess a verdict. */
export const evaluateRule: RuleEvaluator = () => ({ outcome: 'error', reasoning: NO_CHECK_EXPRESSION, anchors: [] });
