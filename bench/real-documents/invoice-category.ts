import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { starterCategories } from '../../src/engine/starter/starter-categories.js';
import type { CategoryModel, FieldModel } from '../../src/engine/store/category-models.js';
import type { FieldDefinition, TableDefinition } from '../../src/shared/api/index.js';
import type { ValueKind } from './compare-values.js';

/** A field of the clerk's category, the value of the set's key it is scored against, and how a clerk compares them. */
export interface ScoredField {
  name: string;
  /** The key's path, as its `printed` map names it ("seller.name"). */
  key: string;
  kind: ValueKind;
}

const party = (who: 'Seller' | 'Buyer'): ScoredField[] => {
  const path = who.toLowerCase();
  return [
    { name: `${who} name`, key: `${path}.name`, kind: 'text' },
    { name: `${who} street`, key: `${path}.street`, kind: 'text' },
    { name: `${who} postcode`, key: `${path}.postcode`, kind: 'text' },
    { name: `${who} city`, key: `${path}.city`, kind: 'text' },
    { name: `${who} country`, key: `${path}.country`, kind: 'country' },
    { name: `${who} VAT ID`, key: `${path}.vat_id`, kind: 'text' },
  ];
};

/** The header values, named as a clerk names them; nothing tuned to the set. */
export const INVOICE_FIELDS: readonly ScoredField[] = [
  { name: 'Invoice number', key: 'invoice_number', kind: 'text' },
  { name: 'Issue date', key: 'issue_date', kind: 'date' },
  { name: 'Due date', key: 'due_date', kind: 'date' },
  { name: 'Currency', key: 'currency', kind: 'currency' },
  ...party('Seller'),
  ...party('Buyer'),
  { name: 'Net amount', key: 'net_total', kind: 'amount' },
  { name: 'Tax amount', key: 'tax_total', kind: 'amount' },
  { name: 'Total', key: 'grand_total', kind: 'amount' },
  { name: 'Amount due', key: 'due_payable', kind: 'amount' },
];

/** The line-item table's columns and the line values they hold. */
export const LINE_COLUMNS = { name: 'Description', quantity: 'Quantity', unit_price: 'Unit price', amount: 'Amount', tax_rate: 'Tax rate' } as const;
export const LINE_TABLE = 'Line items';

/** A date field as a clerk sets it up (and the starter categories do): written as a calendar date whatever the page's order. */
export const AS_DATE: FieldDefinition['transform_settings'] = { datetime_settings: { format: 'YYYY-MM-DD' } };

/** The category as a clerk would make it for these invoices. */
export const INVOICE_CATEGORY = {
  name: 'Supplier invoice',
  description: 'Invoices from our suppliers',
  fields: INVOICE_FIELDS.map((f): FieldDefinition => (f.kind === 'date' ? { name: f.name, transform_settings: AS_DATE } : { name: f.name })),
  tables: [{ name: LINE_TABLE, fields: Object.values(LINE_COLUMNS).map((name) => ({ name })) }] satisfies TableDefinition[],
};

/** A field as the engine's store models it, for extraction in process. */
export const fieldModelOf = (definition: FieldDefinition, id = definition.name): FieldModel => ({ id, name: definition.name, definition, enabled: 1, extractModel: 'Auto' });

/** A category's fields and tables as the engine's store models them (nothing learned). */
function categoryModelOf(fields: readonly FieldDefinition[], tables: readonly TableDefinition[]): Pick<CategoryModel, 'fields' | 'tables'> {
  return {
    fields: fields.map((f) => fieldModelOf(f)),
    tables: tables.map((t) => ({ id: t.name, name: t.name, description: '', prompt: '', collectFromMultiTable: t.collect_from_multi_table === true, extractModel: 'Auto', fields: t.fields.map((f) => fieldModelOf(f, `${t.name}/${f.name}`)) })),
  };
}

/** The category as the engine's store models it, for extraction in process (no engine, nothing learned). */
export function invoiceCategoryModel(): Pick<CategoryModel, 'fields' | 'tables'> {
  return categoryModelOf(INVOICE_CATEGORY.fields, INVOICE_CATEGORY.tables);
}

/** The starter "Invoice" category's fields a key holds a value for (it has no street, postcode or city apart, nor an amount due). */
const STARTER_FIELDS: readonly ScoredField[] = [
  { name: 'Invoice number', key: 'invoice_number', kind: 'text' },
  { name: 'Invoice date', key: 'issue_date', kind: 'date' },
  { name: 'Due date', key: 'due_date', kind: 'date' },
  { name: 'Seller name', key: 'seller.name', kind: 'text' },
  { name: 'Seller tax ID', key: 'seller.vat_id', kind: 'text' },
  { name: 'Buyer name', key: 'buyer.name', kind: 'text' },
  { name: 'Subtotal', key: 'net_total', kind: 'amount' },
  { name: 'Tax', key: 'tax_total', kind: 'amount' },
  { name: 'Total', key: 'grand_total', kind: 'amount' },
  { name: 'Currency', key: 'currency', kind: 'currency' },
];

/** The starter "Invoice" category a clerk finds on a new desk (English names), with its transforms, and the fields scored against the keys. */
export function starterInvoiceModel(): { model: Pick<CategoryModel, 'fields' | 'tables'>; fields: readonly ScoredField[] } {
  const starter = starterCategories('en').find((c) => c.name === 'Invoice')!;
  return { model: categoryModelOf(starter.fields, starter.tables), fields: STARTER_FIELDS };
}

/** The sample a clerk gives with the category: a page naming its fields (the interface asks for one). */
export async function invoiceSample(dir: string): Promise<string> {
  const path = join(dir, 'supplier-invoice-sample.txt');
  await writeFile(path, [INVOICE_CATEGORY.name, ...INVOICE_FIELDS.map((f) => `${f.name}: …`), Object.values(LINE_COLUMNS).join('  ')].join('\n'));
  return path;
}
