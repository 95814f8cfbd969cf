import { describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../../src/engine/engine-deps.js';
import { insertCategory, toCategoryRecord } from '../../../../src/engine/store/category-store.js';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { IdGenerator } from '../../../../src/engine/store/ids.js';
import { createWorkspace } from '../../../../src/engine/store/workspace-store.js';

// The store alone: blobs and the job queue play no part in these writes.
function memoryDeps(): EngineDeps {
  return { db: openEngineDb(':memory:'), ids: new IdGenerator(), now: Date.now } as EngineDeps;
}

describe('toCategoryRecord', () => {
  it("answers the shared model, or 'mixed' once fields and tables use different ones", () => {
    const deps = memoryDeps();
    const workspaceId = createWorkspace(deps, { name: 'w', auth_scope: 0 });
    const row = insertCategory(deps, {
      workspaceId,
      name: 'Invoice',
      description: '',
      categoryPrompt: '',
      extractModel: 'Acgpt',
      fields: [{ name: 'Total' }],
      tables: [{ name: 'Rows', fields: [{ name: 'Amount' }] }],
      samples: [{ fileName: 'a.txt', blob: 'ab', size: 1, text: 'a' }],
    });
    expect(toCategoryRecord(deps, row).extract_model).toBe('Acgpt');
    deps.db.prepare('UPDATE category_tables SET extract_model = ? WHERE category_id = ?').run('DF-M1', row.id);
    expect(toCategoryRecord(deps, row).extract_model).toBe('mixed');
  });
});
