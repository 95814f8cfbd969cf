import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../../src/engine/engine-deps.js';
import { recallOf } from '../../../../src/engine/pipeline/learning/category-learning.js';
import { fieldsSignature } from '../../../../src/engine/pipeline/learning/fields-signature.js';
import { toCategoryModel } from '../../../../src/engine/store/category-models.js';
import { insertCategory } from '../../../../src/engine/store/category-store.js';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { IdGenerator } from '../../../../src/engine/store/ids.js';
import { forgetLearned, learnedDocuments, saveLearnedDocument } from '../../../../src/engine/store/learning-store.js';
import { createWorkspace } from '../../../../src/engine/store/workspace-store.js';
import { FIRST_RECEIPT, SECOND_RECEIPT } from '../../../fixtures/learning-receipts.js';
import { learned, receiptDocument, typed, valuesOf } from '../pipeline/learning/learning-fixture.js';

function depsOn(file: string): EngineDeps {
  return { db: openEngineDb(file), ids: new IdGenerator(), now: Date.now } as EngineDeps;
}

function receiptCategory(deps: EngineDeps, workspaceId: string, name: string, fields = ['Company', 'Date', 'Address', 'Total']) {
  const row = insertCategory(deps, { workspaceId, name, description: '', categoryPrompt: '', extractModel: 'Auto', fields: fields.map((f) => ({ name: f })), tables: [], samples: [{ fileName: 'a.txt', blob: 'ab', size: 1, text: 'a' }] });
  return toCategoryModel(deps, row);
}

const first = receiptDocument(FIRST_RECEIPT);
const second = receiptDocument(SECOND_RECEIPT);
const taught = learned(first, typed(FIRST_RECEIPT.values));

describe('learning store', () => {
  it('keeps what a category learned across an engine restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'docket-learning-')), 'engine.db');
    const before = depsOn(file);
    const category = receiptCategory(before, createWorkspace(before, { name: 'w', auth_scope: 0 }), 'Receipts');
    saveLearnedDocument(before, category.id, 'file-1', fieldsSignature(category), taught);
    before.db.close();
    const after = depsOn(file);
    expect(valuesOf(second, recallOf(after, category, second))).toEqual(SECOND_RECEIPT.values);
  });

  it('lets nothing learned in one category answer in another', () => {
    const deps = depsOn(':memory:');
    const workspace = createWorkspace(deps, { name: 'w', auth_scope: 0 });
    const receipts = receiptCategory(deps, workspace, 'Receipts');
    const others = receiptCategory(deps, workspace, 'Other receipts');
    saveLearnedDocument(deps, receipts.id, 'file-1', fieldsSignature(receipts), taught);
    expect(recallOf(deps, others, second)).toBeUndefined();
  });

  it('forgets on request, and when the category’s fields change', () => {
    const deps = depsOn(':memory:');
    const category = receiptCategory(deps, createWorkspace(deps, { name: 'w', auth_scope: 0 }), 'Receipts');
    saveLearnedDocument(deps, category.id, 'file-1', fieldsSignature(category), taught);
    expect(forgetLearned(deps, category.id)).toBe(1);
    expect(recallOf(deps, category, second)).toBeUndefined();
    saveLearnedDocument(deps, category.id, 'file-1', fieldsSignature(category), taught);
    const renamed = { ...category, fields: category.fields.map((f) => (f.name === 'Total' ? { ...f, definition: { ...f.definition, alias: ['Paid'] } } : f)) };
    expect(recallOf(deps, renamed, second)).toBeUndefined();
  });

  it('replaces what a document taught when the clerk corrects it again', () => {
    const deps = depsOn(':memory:');
    const category = receiptCategory(deps, createWorkspace(deps, { name: 'w', auth_scope: 0 }), 'Receipts');
    const wrong = learned(first, typed({ ...FIRST_RECEIPT.values, Total: '50.00' }));
    saveLearnedDocument(deps, category.id, 'file-1', fieldsSignature(category), wrong);
    saveLearnedDocument(deps, category.id, 'file-1', fieldsSignature(category), taught);
    expect(learnedDocuments(deps, category.id, fieldsSignature(category))).toHaveLength(1);
    expect(valuesOf(second, recallOf(deps, category, second)).Total).toBe(SECOND_RECEIPT.values.Total);
  });
});
