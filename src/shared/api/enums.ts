import { z } from 'zod';

/** recognition_status of a file (contract, "States"). */
export const RecognitionStatus = {
  pending: 0,
  success: 1,
  failed: 2,
  classifying: 3,
  extracting: 4,
  preparing: 5,
  splitting: 6,
  cropping: 7,
  classified: 10,
  parsing: 20,
} as const;
export const RECOGNITION_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 10, 20] as const;
/** States a job can still leave on its own: a client keeps polling these. */
export const IN_PROGRESS_STATUSES = [0, 3, 4, 5, 6, 7, 20] as const;

export const VerificationStatus = { pending: 0, confirmed: 2, rejected: 3, deleted: 4, deferred: 5 } as const;
export const VERIFICATION_STATUSES = [0, 2, 3, 4, 5] as const;

/** task_type (notes): 0 split subtask, 1 regular, 2 parent of split/crop, 3 crop subtask. */
export const TaskType = { splitChild: 0, regular: 1, parent: 2, cropChild: 3 } as const;

export const ExtractModel = z.enum(['Auto', 'Acgpt', 'Acgpt-VL', 'DF-M1']);
export type ExtractModel = z.infer<typeof ExtractModel>;

export const CategoryEnabled = { disabled: 0, enabled: 1, draft: 2 } as const;

export const TargetProcess = z.enum(['classify', 'extract']);
export const ParseMode = z.enum(['auto', 'scan', 'vlm']);

export const REVIEW_MODELS = ['alpha-v4-pro', 'beta3.6-plus', 'beta3.7-max', 'ORM-O1'] as const;
/** Deprecated since 8 July 2026; answered with their replacement. */
export const DEPRECATED_REVIEW_MODELS = { 'alpha-r1': 'alpha-v4-pro', 'beta-32b': 'beta3.6-plus', 'beta3-max': 'beta3.7-max' } as const;
export const ReviewModelIn = z.enum([...REVIEW_MODELS, ...(Object.keys(DEPRECATED_REVIEW_MODELS) as (keyof typeof DEPRECATED_REVIEW_MODELS)[])]);
export type ReviewModel = (typeof REVIEW_MODELS)[number];

export function currentReviewModel(model: z.infer<typeof ReviewModelIn>): ReviewModel {
  return model in DEPRECATED_REVIEW_MODELS ? DEPRECATED_REVIEW_MODELS[model as keyof typeof DEPRECATED_REVIEW_MODELS] : (model as ReviewModel);
}

/** Review task `status` and rule `review_result` (notes). */
export const ReviewStatus = {
  pending: 0,
  approved: 1,
  failed: 2,
  reviewing: 3,
  rejected: 4,
  recognizing: 5,
  queued: 6,
  recognitionFailed: 7,
} as const;

export const RISK_LEVELS = [10, 20, 30] as const;
export const AuthScope = { owner: 0, enterprise: 1 } as const;
