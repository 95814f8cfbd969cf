import { VerificationStatus, RecognitionStatus, type FileData } from '../../shared/api/index.js';
import type { DuplicateHit, FieldMatch } from '../../shared/rule-evaluation/duplicate-hit.js';
import type { EngineDeps } from '../engine-deps.js';
import { readJson } from '../store/database.js';

interface CandidateRow {
  id: string;
  task_id: string;
  name: string;
  category: string;
  data: string;
}

/** Identifiers match whatever their spacing, width or letter case: "No. 0012 3456" is "no.00123456". */
export function identifierKey(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, '').toUpperCase();
}

/** The file's value of the field when it matches; a field the file lacks reads as empty. */
function valueOf(data: FileData | null, key: string, wanted: string): DuplicateHit['values'][number] | undefined {
  const entries = (data?.fields ?? []).filter((f) => f.key === key);
  const match = entries.find((f) => identifierKey(f.value) === wanted);
  if (match) return { key, text: match.value, position: match.position ?? [] };
  return wanted === '' && entries.length === 0 ? { key, text: '', position: [] } : undefined;
}

/**
 * Live, recognized documents uploaded to the workspace before this one whose fields hold every
 * given value: the first copy of an invoice is the original, each later one a duplicate of it (as
 * invoice verification sees it). A parent of split or cropped children is not a document of its
 * own: its children are.
 */
export function findDuplicates(deps: EngineDeps, workspaceId: string, fileId: string, fields: readonly FieldMatch[]): DuplicateHit[] {
  const rows = deps.db
    .prepare(
      `WITH me AS (SELECT created_at, id FROM files WHERE id = @fileId)
       SELECT f.id, f.task_id, f.name, f.category, f.data FROM files f, me
       WHERE f.workspace_id = @workspaceId AND (f.created_at < me.created_at OR (f.created_at = me.created_at AND f.id < me.id))
         AND f.verification_status <> ${VerificationStatus.deleted}
         AND f.recognition_status = ${RecognitionStatus.success} AND f.data IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM files c WHERE c.parent_task_id = f.task_id)
         AND EXISTS (SELECT 1 FROM json_each(f.data, '$.fields') j WHERE json_extract(j.value, '$.key') = @key)
       ORDER BY f.created_at, f.id`,
    )
    .all({ workspaceId, fileId, key: fields.find((f) => f.text.trim() !== '')!.key }) as CandidateRow[];
  return rows.flatMap((row) => {
    const data = readJson<FileData | null>(row.data, null);
    const values = fields.map((wanted) => valueOf(data, wanted.key, identifierKey(wanted.text)));
    if (values.some((v) => v === undefined)) return [];
    return [{ fileId: row.id, taskId: row.task_id, name: row.name, category: row.category, values: values as DuplicateHit['values'] }];
  });
}
