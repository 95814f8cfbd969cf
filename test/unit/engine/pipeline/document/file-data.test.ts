import { describe, expect, it } from 'vitest';
import { emptyData, mergeExtraction, replaceFieldsAndItems } from '../../../../../src/engine/pipeline/document/file-data.js';

const field = (key: string, value: string, identifier = '') => ({ key, identifier, value, position: [] });
const table = (tableName: string) => ({ tableName, tableType: '0', extractModel: 'Acgpt', configModel: 'Auto', items: [] });

describe('mergeExtraction', () => {
  it('replaces fields and tables of the same key or name and keeps the rest', () => {
    const data = { ...emptyData(), fields: [field('A', '1'), field('B', '2'), field('B', '3')], tables: [table('T1'), table('T2')] };
    const merged = mergeExtraction(data, [field('B', 'new'), field('C', 'c')], [table('T2')]);
    expect(merged.fields.map((f) => `${f.key}=${f.value}`)).toEqual(['A=1', 'B=new', 'C=c']);
    expect(merged.tables.map((t) => t.tableName)).toEqual(['T1', 'T2']);
    expect(mergeExtraction(null, [field('A', '1')], []).fields).toHaveLength(1);
  });

  it('mirrors a re-extracted first table as items, and leaves items alone otherwise', () => {
    const cell = { key: 'Item', value: 'pen', position: [], textInLines: [], index: 0, confidence: 0.9 };
    const data = { ...emptyData(), items: [[{ key: 'Item', value: 'old', position: [] }]], tables: [table('T1'), table('T2')] };
    expect(mergeExtraction(data, [], [{ ...table('T1'), items: [[cell]] }]).items).toEqual([[{ key: 'Item', value: 'pen', position: [] }]]);
    expect(mergeExtraction(data, [], [{ ...table('T2'), items: [[cell]] }]).items).toEqual(data.items);
  });
});

describe('replaceFieldsAndItems', () => {
  it('makes the given fields and rows the whole set, keeping identifiers and everything else', () => {
    const stamps = [{ page: 0, position: [1, 2, 3, 4, 5, 6, 7, 8] }];
    const data = { ...emptyData(), fields: [field('A', '1', 'a_id'), field('B', '2')], items: [[{ key: 'k', value: 'v', position: [] }]], tables: [table('T')], stamps };
    const replaced = replaceFieldsAndItems(data, { fields: [{ key: 'A', value: 'fixed' }, { key: 'New', value: 'n', position: [{ page: 0, vertices: [1, 1, 2, 1, 2, 2, 1, 2] }] }] });
    expect(replaced.fields).toEqual([
      { key: 'A', identifier: 'a_id', value: 'fixed', position: [] },
      { key: 'New', identifier: '', value: 'n', position: [{ page: 0, vertices: [1, 1, 2, 1, 2, 2, 1, 2] }] },
    ]);
    expect(replaced.items).toEqual([]);
    expect(replaced.tables).toEqual(data.tables);
    expect(replaced.stamps).toEqual(stamps);
  });
});
