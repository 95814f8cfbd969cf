import { beforeAll, describe, expect, it } from 'vitest';
import { useContractRig } from './contract-rig.js';

const rig = useContractRig();
let categoryId = '';

beforeAll(async () => {
  const sample = await rig.writeTemp('sample.txt', 'Kassenbon\nHändler: …\nGesamtbetrag: …');
  ({ category_id: categoryId } = await rig.engine.client.categories.create({
    workspace_id: rig.workspaceId,
    name: 'Kassenbons',
    fields: [{ name: 'Händler' }, { name: 'Feld 2', prompt: 'das Geschäft, das den Beleg ausgestellt hat' }, { name: 'Gesamtbetrag' }, { name: 'Bemerkung' }, { name: 'Kürzel', alias: ['MwSt'] }],
    tables: [{ name: 'Positionen', fields: [{ name: 'Bezeichnung' }, { name: 'Menge' }, { name: 'Einzelpreis' }, { name: 'Zeile 9' }] }],
    sampleFiles: [sample],
  }));
}, 30_000);

describe('GET /category/fields/roles', () => {
  it('says per field and column what the engine understood it to be, from its name, alias or prompt in any language, and null where it understood nothing', async () => {
    const answer = await rig.engine.client.categories.fieldRoles({ workspace_id: rig.workspaceId, category_id: categoryId });
    expect(answer.fields.map((f) => [f.name, f.role])).toEqual([
      ['Händler', 'issuer_name'],
      ['Feld 2', 'issuer_name'],
      ['Gesamtbetrag', 'total'],
      ['Bemerkung', null],
      ['Kürzel', 'tax'],
    ]);
    expect(answer.tables).toHaveLength(1);
    expect(answer.tables[0]!.fields.map((f) => [f.name, f.role])).toEqual([
      ['Bezeichnung', 'description'],
      ['Menge', 'quantity'],
      ['Einzelpreis', 'unit_price'],
      ['Zeile 9', null],
    ]);
    const listed = await rig.engine.client.categories.fieldsList({ workspace_id: rig.workspaceId, category_id: categoryId });
    expect(answer.fields.map((f) => f.field_id)).toEqual(listed.fields.map((f) => f.id));
  });

  it('answers a category that does not exist with the envelope error, as the other category routes do', async () => {
    const missing = await rig.raw('GET', '/category/fields/roles', { query: { workspace_id: rig.workspaceId, category_id: '999999' } });
    const known = await rig.raw('GET', '/category/fields/list', { query: { workspace_id: rig.workspaceId, category_id: '999999' } });
    expect(missing.code).not.toBe(200);
    expect([missing.status, missing.code]).toEqual([known.status, known.code]);
  });
});
