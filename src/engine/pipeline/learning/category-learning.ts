import type { EngineDeps } from '../../engine-deps.js';
import { loadCategoryModel, type CategoryModel } from '../../store/category-models.js';
import { readJson } from '../../store/database.js';
import type { FileRow } from '../../store/file-store.js';
import { learnedDocuments, saveLearnedDocument } from '../../store/learning-store.js';
import { categorySpecs } from '../extract/extract-category.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { recallFor, type FieldRecall } from './field-recall.js';
import { fieldsSignature } from './fields-signature.js';
import { learnDocument } from './learn-document.js';
import type { SavedField } from './locate-saved-value.js';

/** What the category's confirmed documents of this document's layout remember; undefined when nothing applies. */
export function recallOf(deps: EngineDeps, category: CategoryModel, document: ParsedFile['document']): FieldRecall | undefined {
  const learned = learnedDocuments(deps, category.id, fieldsSignature(category));
  return learned.length === 0 ? undefined : recallFor(document, learned);
}

/**
 * /file/update: the saved fields of a file are what the clerk confirmed; the file's category learns
 * from them, replacing what an earlier save of the same file taught. A file without a category or a
 * parse (not processed) teaches nothing.
 */
export function learnFromSave(deps: EngineDeps, file: FileRow, fields: readonly SavedField[]): void {
  const category = file.category === '' ? undefined : loadCategoryModel(deps, file.workspace_id, file.category);
  if (!category || !file.document) return;
  const document = readJson<ParsedFile['document']>(file.document, { pages: [] });
  saveLearnedDocument(deps, category.id, file.id, fieldsSignature(category), learnDocument(document, categorySpecs(category).fields, fields));
}
