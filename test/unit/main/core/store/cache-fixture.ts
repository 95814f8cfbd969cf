import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileRecord } from '../../../../../src/shared/api/index.js';
import { openCache, type CacheDb } from '../../../../../src/main/core/store/cache-db.js';

/** A real cache file in a fresh temporary folder. */
export function tempCache(): CacheDb {
  return openCache(join(mkdtempSync(join(tmpdir(), 'docket-cache-')), 'cache.sqlite'));
}

export interface RecordSpec {
  id: string;
  name?: string;
  category?: string;
  batch?: string;
  recognition?: number;
  verification?: number;
  updatedAt?: string;
  fields?: Record<string, string>;
  lines?: string[];
  invoice?: 0 | 1 | null;
  children?: RecordSpec[];
}

/** A file record as /file/fetch answers it, parsed by the shared schema. */
export function fileRecord(spec: RecordSpec): FileRecord {
  return FileRecord.parse(rawRecord(spec));
}

function rawRecord(spec: RecordSpec, parentTaskId?: string): Record<string, unknown> {
  return {
    id: spec.id,
    task_id: `t${spec.id}`,
    task_type: spec.children ? 2 : parentTaskId ? 0 : 1,
    batch_number: spec.batch ?? 'B1',
    name: spec.name ?? `file-${spec.id}.pdf`,
    format: 'pdf',
    recognition_status: spec.recognition ?? 1,
    verification_status: spec.verification ?? 0,
    category: spec.category ?? 'Invoice',
    pages: [{ page: 0, angle: 0, width: 100, height: 100, dpi: 144 }],
    data: {
      fields: Object.entries(spec.fields ?? {}).map(([key, value]) => ({ key, value, position: [] })),
      items: [],
      ...(spec.invoice === undefined ? {} : { invoiceVerifyResult: { invoiceVerifyStatus: spec.invoice } }),
    },
    ...(spec.lines ? { document: { pages: [{ angle: 0, width: 100, height: 100, lines: spec.lines.map((text) => ({ text, position: [0, 0, 1, 0, 1, 1, 0, 1] })) }] } } : {}),
    ...(parentTaskId ? { parent_task_id: parentTaskId } : { child_files: (spec.children ?? []).map((c) => rawRecord(c, `t${spec.id}`)) }),
    ...(spec.updatedAt ? { updated_at: spec.updatedAt } : {}),
  };
}
