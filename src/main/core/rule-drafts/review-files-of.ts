import { VerificationStatus, type FileRecord } from '../../../shared/api/index.js';
import type { CachedFile } from '../../../shared/ipc/channels/files.js';
import type { ReviewFile } from '../../../shared/rule-evaluation/review-file.js';

/**
 * The files a review reads for one cached file, as the engine picks them: a split or crop's
 * children that are not deleted stand for it (the parent holds no category of its own); a file
 * without such children is its own.
 */
export function reviewFilesOf(file: CachedFile, categoryIds: ReadonlyMap<string, string>): ReviewFile[] {
  const children = (file.child_files ?? []).filter((child) => child.verification_status !== VerificationStatus.deleted);
  return (children.length > 0 ? children : [file]).map((record) => reviewFileOf(record, categoryIds));
}

type RecordOfFile = Pick<FileRecord, 'id' | 'task_id' | 'name' | 'category' | 'recognition_status' | 'failure_causes' | 'pages' | 'data' | 'document'>;

function reviewFileOf(record: RecordOfFile, categoryIds: ReadonlyMap<string, string>): ReviewFile {
  const category = record.category ?? '';
  return {
    fileId: record.id,
    taskId: record.task_id,
    name: record.name,
    category,
    categoryId: categoryIds.get(category),
    recognitionStatus: record.recognition_status,
    failureCauses: record.failure_causes ?? null,
    pages: record.pages,
    data: record.data ?? null,
    document: record.document ?? null,
  };
}
