import { describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../../../src/engine/engine-deps.js';
import { findEarlierInvoice, invoiceKeyOf, recordInvoiceKey } from '../../../../../src/engine/pipeline/invoice/find-duplicate.js';
import { openEngineDb } from '../../../../../src/engine/store/database.js';
import { insertFile, patchFile } from '../../../../../src/engine/store/file-store.js';
import { IdGenerator } from '../../../../../src/engine/store/ids.js';
import { createWorkspace } from '../../../../../src/engine/store/workspace-store.js';
import type { FileData } from '../../../../../src/shared/api/index.js';

function data(code: string, number: string): FileData {
  return {
    fields: [
      { key: 'Invoice code', value: code, position: [] },
      { key: 'Invoice number', value: number, position: [] },
    ],
    items: [],
    tables: [],
    stamps: [],
    handwritings: [],
  };
}

describe('findEarlierInvoice', () => {
  let clock = 1_000;
  const deps = { db: openEngineDb(':memory:'), ids: new IdGenerator(), now: () => clock++ } as EngineDeps;
  const workspace = createWorkspace(deps, { name: 'w', auth_scope: 0 });
  const other = createWorkspace(deps, { name: 'other', auth_scope: 0 });
  const file = (workspaceId: string, result: FileData) => {
    const row = insertFile(deps, { workspaceId, taskType: 1, batchNumber: 'b', name: 'f.pdf', format: 'pdf', blob: 'x', size: 1, options: {}, parserParams: {} });
    patchFile(deps, row.id, { data: result });
    recordInvoiceKey(deps, row, result);
    return row;
  };

  it('finds an earlier, live file of the same workspace with the same code and number', () => {
    const first = file(workspace, data('0110 0190 0111', '12345678'));
    file(other, data('011001900111', '12345678'));
    const second = file(workspace, data('011001900111', '12345678'));
    expect(invoiceKeyOf(data('0110 0190 0111', '12345678'))).toEqual({ code: '011001900111', number: '12345678' });
    expect(findEarlierInvoice(deps, second, '011001900111', '12345678')).toBe(first.task_id);
    // The first one was there before: it has no earlier twin.
    expect(findEarlierInvoice(deps, first, '011001900111', '12345678')).toBeUndefined();
    expect(findEarlierInvoice(deps, second, '011001900111', '87654321')).toBeUndefined();
    patchFile(deps, first.id, { verification_status: 4 });
    expect(findEarlierInvoice(deps, second, '011001900111', '12345678')).toBeUndefined();
  });

  it('finds a fully digital invoice (数电票) by its 20-digit number alone: its XML, then its PDF or OFD with whatever code the page gave', () => {
    const xml = file(workspace, data('', '24442000000071234567'));
    expect(invoiceKeyOf(data('4403', '2444 2000 0000 7123 4567'))).toEqual({ code: '', number: '24442000000071234567' });
    const pdf = file(workspace, data('4403', '2444 2000 0000 7123 4567'));
    expect(findEarlierInvoice(deps, pdf, '4403', '24442000000071234567')).toBe(xml.task_id);
    const ofd = file(workspace, data('', '24442000000071234567'));
    expect(findEarlierInvoice(deps, ofd, '', '24442000000071234567')).toBe(xml.task_id);
    // Another 数电票, one digit apart, is another invoice.
    expect(findEarlierInvoice(deps, ofd, '', '24442000000071234568')).toBeUndefined();
  });

  it('meets a 数电票 whose key was stored with a code before 20-digit numbers were keyed alone', () => {
    const stored = file(workspace, data('', '24312000000012345678'));
    deps.db.prepare("UPDATE invoice_keys SET code = '3100' WHERE file_id = ?").run(stored.id);
    const later = file(workspace, data('', '24312000000012345678'));
    expect(findEarlierInvoice(deps, later, '', '24312000000012345678')).toBe(stored.task_id);
  });

  it('still tells apart two older invoices of one number by their codes', () => {
    file(workspace, data('044001900111', '55556666'));
    const other = file(workspace, data('044001900222', '55556666'));
    expect(findEarlierInvoice(deps, other, '044001900222', '55556666')).toBeUndefined();
  });

  it('does not count a file whose result no longer holds the invoice', () => {
    const first = file(workspace, data('044001900111', '11112222'));
    const second = file(workspace, data('044001900111', '11112222'));
    patchFile(deps, first.id, { data: data('044001900111', '11113333') });
    expect(findEarlierInvoice(deps, second, '044001900111', '11112222')).toBeUndefined();
    recordInvoiceKey(deps, second, { fields: [], tables: [] });
    expect(deps.db.prepare('SELECT count(*) AS n FROM invoice_keys WHERE file_id = ?').get(second.id)).toEqual({ n: 0 });
  });
});
