import { IN_PROGRESS_STATUSES, RecognitionStatus } from '../api/index.js';
import type { ReviewFile } from './review-file.js';

export function isRecognizing(file: ReviewFile): boolean {
  return (IN_PROGRESS_STATUSES as readonly number[]).includes(file.recognitionStatus);
}

/** Why a file's content cannot be judged, or undefined when it can. */
export function unreadableReason(file: ReviewFile): string | undefined {
  const label = `File '${file.name}' (task ${file.taskId})`;
  if (file.recognitionStatus === RecognitionStatus.failed) return `${label} failed recognition${file.failureCauses ? `: ${file.failureCauses}` : ''}.`;
  if (isRecognizing(file)) return `${label} was still being recognized when the review gave up waiting.`;
  return undefined;
}
