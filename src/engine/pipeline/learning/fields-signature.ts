import { createHash } from 'node:crypto';
import type { CategoryModel } from '../../store/category-models.js';

/** The category's enabled fields and their definitions, hashed: what was learned holds only while this stays the same. */
export function fieldsSignature(category: Pick<CategoryModel, 'fields'>): string {
  const fields = category.fields.filter((f) => f.enabled !== 0).map((f) => [f.name, f.definition]);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
