import type { FileData, FileDocument, PageInfo } from '../api/index.js';

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
