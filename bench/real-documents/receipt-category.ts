import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { starterCategories } from '../../src/engine/starter/starter-categories.js';
import type { CategoryModel } from '../../src/engine/store/category-models.js';
import type { FieldDefinition } from '../../src/shared/api/index.js';
import { AS_DATE, fieldModelOf } from './invoice-category.js';
import type { ReceiptKeys } from './sroie-set.js';

const FIELD_NAMES = ['Company', 'Date', 'Address', 'Total'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

/** A category as a clerk would make it for these receipts: four fields by name, the date as a calendar date, nothing tuned. */
export const RECEIPT_CATEGORY = {
  name: 'Shop receipt',
  description: 'Receipts from shops and restaurants',
  fields: FIELD_NAMES.map((name): FieldDefinition & { name: FieldName } => (name === 'Date' ? { name, transform_settings: AS_DATE } : { name })),
};

/** The category as the engine's store models it, for extraction in process (no engine, nothing learned). */
export function receiptCategoryModel(): Pick<CategoryModel, 'fields' | 'tables'> {
  return { fields: RECEIPT_CATEGORY.fields.map((definition) => fieldModelOf(definition)), tables: [] };
}

/** The dataset's key for each field of the category. */
export const KEY_OF_FIELD: Record<FieldName, keyof ReceiptKeys> = { Company: 'company', Date: 'date', Address: 'address', Total: 'total' };

/** The starter "Receipt" category a clerk finds on a new desk (English names; it has no address), and the dataset's key for each of its fields. */
export function starterReceiptModel(): { model: Pick<CategoryModel, 'fields' | 'tables'>; keyOf: Readonly<Record<string, keyof ReceiptKeys>> } {
  const starter = starterCategories('en').find((c) => c.name === 'Receipt')!;
  return { model: { fields: starter.fields.map((definition) => fieldModelOf(definition)), tables: [] }, keyOf: { Merchant: 'company', Date: 'date', Total: 'total' } };
}

/** The sample a clerk gives with the category: a page naming its fields (the interface asks for one). */
export async function receiptSample(dir: string): Promise<string> {
  const path = join(dir, 'shop-receipt-sample.txt');
  await writeFile(path, [RECEIPT_CATEGORY.name, ...FIELD_NAMES.map((name) => `${name}: …`)].join('\n'));
  return path;
}
