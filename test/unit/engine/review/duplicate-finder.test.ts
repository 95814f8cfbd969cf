import { beforeEach, describe, expect, it } from 'vitest';
import { findDuplicates, identifierKey } from '../../../../src/engine/review/duplicate-finder.js';
import { createWorkspace } from '../../../../src/engine/store/workspace-store.js';
import { addFile, reviewDeps, softDeleteFile } from './review-fixture.js';

let deps: ReturnType<typeof reviewDeps>;

beforeEach(() => {
  deps = reviewDeps();
});

/** A recognized file whose fields hold the given values; returns its file id. */
function fileWith(name: string, fields: Record<string, string>, spec: { status?: number; parentTaskId?: string; workspaceId?: string } = {}): { fileId: string; taskId: string } {
  const taskId = addFile(deps, spec.workspaceId ?? deps.workspaceId, { name, status: spec.status ?? 1, parentTaskId: spec.parentTaskId, category: 'VAT invoice' });
  const data = { fields: Object.entries(fields).map(([key, value], i) => ({ key, value, position: [{ page: 0, vertices: [i, 0, i + 1, 0, i + 1, 1, i, 1] }] })), items: [], tables: [], stamps: [], handwritings: [] };
  deps.db.prepare('UPDATE files SET data = ? WHERE task_id = ?').run(JSON.stringify(data), taskId);
  return { fileId: (deps.db.prepare('SELECT id FROM files WHERE task_id = ?').get(taskId) as { id: string }).id, taskId };
}

const numbers = (hits: ReturnType<typeof findDuplicates>) => hits.map((h) => h.name);

describe('findDuplicates', () => {
  it('finds the live documents uploaded before this one with the same value, whatever its spacing, width or case', () => {
    fileWith('same.pdf', { 'Invoice number': '044 12345' });
    fileWith('wide.pdf', { 'Invoice number': '０４４１２３４５' });
    fileWith('other.pdf', { 'Invoice number': '04412346' });
    fileWith('elsewhere.pdf', { 'Order number': '04412345' });
    const me = fileWith('me.pdf', { 'Invoice number': '04412345' });
    fileWith('later.pdf', { 'Invoice number': '04412345' });
    const hits = findDuplicates(deps, deps.workspaceId, me.fileId, [{ key: 'Invoice number', text: '04412345' }]);
    expect(numbers(hits)).toEqual(['same.pdf', 'wide.pdf']);
    expect(hits[0]!.values).toEqual([{ key: 'Invoice number', text: '044 12345', position: [{ page: 0, vertices: [0, 0, 1, 0, 1, 1, 0, 1] }] }]);
  });

  it('matches every given field: the same number with another invoice code is another invoice', () => {
    fileWith('twin.pdf', { 'Invoice code': '3500', 'Invoice number': '1' });
    fileWith('cousin.pdf', { 'Invoice code': '4400', 'Invoice number': '1' });
    const me = fileWith('me.pdf', { 'Invoice code': '3500', 'Invoice number': '1' });
    const wanted = [
      { key: 'Invoice code', text: '3500' },
      { key: 'Invoice number', text: '1' },
    ];
    expect(numbers(findDuplicates(deps, deps.workspaceId, me.fileId, wanted))).toEqual(['twin.pdf']);
  });

  it('matches an empty field with an empty one: fully digital invoices have no invoice code', () => {
    fileWith('digital.pdf', { 'Invoice code': '', 'Invoice number': '24000000000000000001' });
    fileWith('coded.pdf', { 'Invoice code': '3500', 'Invoice number': '24000000000000000001' });
    fileWith('uncoded.pdf', { 'Invoice number': '24000000000000000001' });
    const me = fileWith('me.pdf', { 'Invoice code': '', 'Invoice number': '24000000000000000001' });
    const wanted = [
      { key: 'Invoice code', text: '' },
      { key: 'Invoice number', text: '24000000000000000001' },
    ];
    expect(numbers(findDuplicates(deps, deps.workspaceId, me.fileId, wanted))).toEqual(['digital.pdf', 'uncoded.pdf']);
  });

  it('leaves out deleted and failed files, split parents, and other workspaces', () => {
    softDeleteFile(deps, fileWith('deleted.pdf', { 'Invoice number': '7' }).taskId);
    fileWith('failed.pdf', { 'Invoice number': '7' }, { status: 2 });
    const parent = fileWith('bundle.pdf', { 'Invoice number': '7' });
    fileWith('part.pdf', { 'Invoice number': '7' }, { parentTaskId: parent.taskId });
    fileWith('foreign.pdf', { 'Invoice number': '7' }, { workspaceId: createWorkspace(deps, { name: 'other', auth_scope: 0 }) });
    const me = fileWith('me.pdf', { 'Invoice number': '7' });
    expect(numbers(findDuplicates(deps, deps.workspaceId, me.fileId, [{ key: 'Invoice number', text: '7' }]))).toEqual(['part.pdf']);
  });

  it('orders uploads by time first, then by id', () => {
    const first = fileWith('first.pdf', { 'Invoice number': '9' });
    const second = fileWith('second.pdf', { 'Invoice number': '9' });
    deps.db.prepare('UPDATE files SET created_at = 5 WHERE id = ?').run(first.fileId);
    expect(numbers(findDuplicates(deps, deps.workspaceId, first.fileId, [{ key: 'Invoice number', text: '9' }]))).toEqual(['second.pdf']);
    expect(findDuplicates(deps, deps.workspaceId, second.fileId, [{ key: 'Invoice number', text: '9' }])).toEqual([]);
  });

  it('keys identifiers without spaces, in upper case and half width', () => {
    expect(identifierKey(' no. 0012 3456 ')).toBe('NO.00123456');
    expect(identifierKey('Ａ１２')).toBe('A12');
  });
});
