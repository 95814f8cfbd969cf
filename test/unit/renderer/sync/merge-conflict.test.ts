import { describe, expect, it } from 'vitest';
import { changeKindKey } from '../../../../src/renderer/features/sync/change-kind';
import { mergedDraft } from '../../../../src/renderer/features/sync/merge-conflict';
import { draftOf } from '../../../../src/renderer/features/viewer/proofreading';

describe('merging a conflict', () => {
  const local = draftOf({
    fields: [
      { key: 'Total', value: '12.00', position: [{ page: 0, vertices: [1, 1, 2, 1, 2, 2, 1, 2] }] },
      { key: 'Date', value: '2024-01-02', position: [] },
      { key: 'Local only', value: 'x', position: [] },
    ],
    items: [[{ key: 'Item', value: 'Desk', position: [] }]],
  });
  const members = [
    { key: 'Total', base: '10.00', server: '11.00', local: '12.00' },
    { key: 'Date', base: '2024-01-01', server: '2024-01-03', local: '2024-01-02' },
    { key: 'Local only', base: null, server: null, local: 'x' },
    { key: 'Server only', base: null, server: 'y', local: null },
  ];

  it('keeps the clerk’s values except where the server’s side is picked, the set complete', () => {
    const merged = mergedDraft(local, members, new Set(['Total']));
    expect(merged.fields.map((f) => [f.key, f.value])).toEqual([
      ['Total', '11.00'],
      ['Date', '2024-01-02'],
      ['Local only', 'x'],
    ]);
    // Positions and the table rows stay the clerk's.
    expect(merged.fields[0]!.position).toEqual(local.fields[0]!.position);
    expect(merged.items).toBe(local.items);
  });

  it('drops a field the server does not have, and brings one only the server has, when its side is picked', () => {
    const merged = mergedDraft(local, members, new Set(['Local only', 'Server only']));
    expect(merged.fields.map((f) => [f.key, f.value])).toEqual([
      ['Total', '12.00'],
      ['Date', '2024-01-02'],
      ['Server only', 'y'],
    ]);
  });

  it('names change kinds in words, and leaves an unknown one to its name', () => {
    expect(changeKindKey('file.correct')).toBe('change.file.correct');
    expect(changeKindKey('something.new')).toBeUndefined();
  });
});
