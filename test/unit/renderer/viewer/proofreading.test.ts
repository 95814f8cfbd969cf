import { describe, expect, it } from 'vitest';
import {
  addRow,
  confirmField,
  draftOf,
  editCell,
  editField,
  endEdit,
  isDirty,
  markSaved,
  nextToCheck,
  redo,
  removeRow,
  startProofreading,
  undo,
} from '../../../../src/renderer/features/viewer/proofreading';

const box = (x: number) => [{ page: 0, vertices: [x, 0, x + 10, 0, x + 10, 5, x, 5] }];

function session() {
  const draft = draftOf({
    fields: [
      { key: 'Invoice number', value: '123', position: box(0), confidence: 0.99 },
      { key: 'Date', value: '2024-01-01', position: box(20), confidence: 0.5 },
      { key: 'Buyer', value: 'ACME', position: [], confidence: 0.97 },
      { key: 'Check code', value: '', position: [] },
    ],
    items: [
      [
        { key: 'Item', value: 'Desk', position: box(40) },
        { key: 'Amount', value: '10.00', position: box(60) },
      ],
    ],
  });
  return startProofreading(draft, [0.99, 0.5, 0.97, undefined]);
}

describe('proofreading session', () => {
  it('edits, undoes and redoes, typing in one field being one undo step', () => {
    let s = session();
    s = editField(s, 0, '1');
    s = editField(s, 0, '12');
    s = editField(s, 0, '124');
    s = endEdit(s);
    s = editField(s, 2, 'ACME Ltd');
    expect(s.draft.fields.map((f) => f.value)).toEqual(['124', '2024-01-01', 'ACME Ltd', '']);
    s = undo(s);
    expect(s.draft.fields[2]!.value).toBe('ACME');
    expect(s.draft.fields[0]!.value).toBe('124');
    s = undo(s);
    expect(s.draft.fields[0]!.value).toBe('123');
    expect(undo(s)).toBe(s);
    s = redo(redo(s));
    expect(s.draft.fields.map((f) => f.value)).toEqual(['124', '2024-01-01', 'ACME Ltd', '']);
    expect(redo(s)).toBe(s);
  });

  it('forgets the redo steps once something new is edited', () => {
    let s = editField(session(), 0, 'x');
    s = undo(s);
    s = editField(s, 1, '2024-02-02');
    expect(s.future).toEqual([]);
    expect(redo(s)).toBe(s);
  });

  it('edits table cells and adds and removes rows with the table columns', () => {
    let s = editCell(session(), 0, 1, '12.00');
    s = addRow(s, 0, ['Item', 'Amount']);
    s = editCell(s, 1, 0, 'Chair');
    expect(s.draft.items.map((row) => row.map((c) => c.value))).toEqual([
      ['Desk', '12.00'],
      ['Chair', ''],
    ]);
    expect(s.draft.items[1]![1]).toEqual({ key: 'Amount', value: '', position: [] });
    s = removeRow(s, 0);
    expect(s.draft.items.map((row) => row[0]!.value)).toEqual(['Chair']);
    expect(removeRow(s, 5)).toBe(s);
    s = undo(undo(undo(undo(s))));
    expect(s.draft.items.map((row) => row.map((c) => c.value))).toEqual([['Desk', '10.00']]);
  });

  it('is dirty until the draft it saved is marked saved', () => {
    let s = session();
    expect(isDirty(s)).toBe(false);
    s = editField(s, 0, '999');
    expect(isDirty(s)).toBe(true);
    const sent = s.draft;
    s = markSaved(s, sent);
    expect(isDirty(s)).toBe(false);
    s = editField(s, 0, '998');
    s = markSaved(s, sent);
    expect(isDirty(s)).toBe(true);
    expect(isDirty(editField(editField(session(), 0, 'x'), 0, '123'))).toBe(false);
  });

  it('jumps to the next field to check: low confidence or empty, not yet confirmed, wrapping', () => {
    let s = session();
    expect(nextToCheck(s, 0)).toBe(1);
    expect(nextToCheck(s, 1)).toBe(3);
    expect(nextToCheck(s, 3)).toBe(1);
    s = confirmField(s, 1);
    expect(nextToCheck(s, 0)).toBe(3);
    s = confirmField(s, 3);
    expect(nextToCheck(s, 0)).toBeUndefined();
    // Changing a confirmed value asks for a new confirmation.
    s = editField(s, 3, 'ABC');
    expect(s.confirmed.has(3)).toBe(false);
  });

  it('copies positions so the draft never shares arrays with the record', () => {
    const data = { fields: [{ key: 'A', value: '1', position: box(0) }], items: [] };
    const draft = draftOf(data);
    draft.fields[0]!.position![0]!.vertices[0] = 777;
    expect(data.fields[0]!.position[0]!.vertices[0]).toBe(0);
    expect(draftOf(null)).toEqual({ fields: [], items: [] });
  });
});
