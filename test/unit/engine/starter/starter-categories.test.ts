import { describe, expect, it } from 'vitest';
import { fieldSpecOf } from '../../../../src/engine/pipeline/document/field-spec.js';
import { roleOf } from '../../../../src/engine/pipeline/fields/roles.js';
import { starterCategories } from '../../../../src/engine/starter/starter-categories.js';
import type { FieldDefinition } from '../../../../src/shared/api/index.js';
import { extractCategory } from '../../../../src/engine/pipeline/extract/extract-category.js';
import { fieldModel, textDocument } from '../pipeline/document-fixture.js';
import * as documents from '../pipeline/classify/classify-documents.js';

/** Every field and column of the starter categories, as "Category / Table / Field" → its role. */
function rolesOf(language: 'en' | 'zh-CN'): string[] {
  const role = (where: string, definition: FieldDefinition) => `${where}${definition.identity}: ${roleOf(fieldSpecOf({ name: definition.name, definition })) ?? 'none'}`;
  return starterCategories(language).flatMap((category, i) => [
    ...category.fields.map((f) => role(`${i} / `, f)),
    ...category.tables.flatMap((table, t) => table.fields.map((f) => role(`${i} / table ${t} / `, f))),
  ]);
}

describe('starterCategories', () => {
  it('gives every field and column the role on a zh-CN desk that it has on an English one', () => {
    expect(rolesOf('zh-CN')).toEqual(rolesOf('en'));
  });

  it('names each field in the other language among its aliases, and never as its own alias', () => {
    const [english, chinese] = [starterCategories('en'), starterCategories('zh-CN')];
    english.forEach((category, c) => {
      category.fields.forEach((field, f) => {
        const other = chinese[c]!.fields[f]!;
        expect(field.alias).toContain(other.name);
        expect(other.alias).toContain(field.name);
        expect([field.alias, other.alias]).toEqual([expect.not.arrayContaining([field.name]), expect.not.arrayContaining([other.name])]);
      });
    });
  });
});

describe('the starter VAT invoice category', () => {
  const vat = starterCategories('en').find((c) => c.name === 'VAT invoice')!;
  const read = (text: string) => Object.fromEntries(extractCategory(textDocument(text), { fields: vat.fields.map((f) => fieldModel(f)), tables: [] }, { applyMerge: true }).fields.map((f) => [f.key, f.value]));

  it('serves the older VAT invoice and the 数电票 alike: each gives its kind and drawer, the older its code and check code, the 数电票 neither', () => {
    const older = read(documents.CHINESE_VAT_INVOICE);
    const digital = read(documents.DIGITAL_INVOICE);
    expect([older['Invoice kind'], older.Drawer, older['Invoice code'], older['Check code']]).toEqual(['专用发票', '王五', '1100231130', '12345678901234567890']);
    expect([digital['Invoice kind'], digital.Drawer, digital['Invoice code'], digital['Check code'], digital['Invoice number']]).toEqual(['普通发票', '王五', '', '', '25442000000012345678']);
  });
});

describe('the starter Invoice and Receipt categories', () => {
  const read = (name: string, text: string) => {
    const category = starterCategories('en').find((c) => c.name === name)!;
    return Object.fromEntries(extractCategory(textDocument(text), { fields: category.fields.map((f) => fieldModel(f)), tables: [] }, { applyMerge: true }).fields.map((f) => [f.key, f.value]));
  };

  it("keeps an amount whole in the marks of the invoice's country, without its currency", () => {
    const german = read('Invoice', ['Rechnung Nr. 4711', 'Rechnungsdatum: 05.03.2026', 'Nettobetrag: 15.387,08 €', 'MwSt. 19%: 2.923,55 €', 'Gesamtbetrag: 18.310,63 €'].join('\n'));
    expect([german.Subtotal, german.Tax, german.Total]).toEqual(['15.387,08', '2.923,55', '18.310,63']);
    const french = read('Invoice', ['Facture N° F-118', 'Total HT : 1 020,00 €', 'TVA 20 % : 204,00 €', 'Total TTC : 1 224,00 €'].join('\n'));
    expect([french.Subtotal, french.Total]).toEqual(['1 020,00', '1 224,00']);
  });

  it('writes a receipt\'s date that reads both ways day first, as the receipt prints it', () => {
    expect(read('Receipt', ['SANYU STATIONERY SHOP', 'Date: 03/10/2018 14:02', 'TOTAL RM 1,234.50', 'CASH RM 1,300.00'].join('\n'))).toMatchObject({ Date: '2018-10-03', Total: '1,234.50' });
  });
});
