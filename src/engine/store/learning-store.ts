import type { EngineDeps } from '../engine-deps.js';
import { LearnedDocument } from '../pipeline/learning/learning-schema.js';

// A category keeps what its most recent confirmed documents taught; older ones make way.
const MAX_DOCUMENTS_PER_CATEGORY = 1000;

/**
 * Keeps what one confirmed document of a category taught, replacing what the same document taught
 * before (a correction corrected again). What was learned under other field definitions is dropped:
 * the fields it was about have changed.
 */
export function saveLearnedDocument(deps: EngineDeps, categoryId: string, fileId: string, signature: string, learned: LearnedDocument): void {
  deps.db.prepare('DELETE FROM learned_documents WHERE category_id = ? AND fields_signature <> ?').run(categoryId, signature);
  deps.db
    .prepare('INSERT OR REPLACE INTO learned_documents (category_id, file_id, fields_signature, memory, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(categoryId, fileId, signature, JSON.stringify(learned), deps.now());
  deps.db
    .prepare('DELETE FROM learned_documents WHERE category_id = ? AND file_id NOT IN (SELECT file_id FROM learned_documents WHERE category_id = ? ORDER BY updated_at DESC LIMIT ?)')
    .run(categoryId, categoryId, MAX_DOCUMENTS_PER_CATEGORY);
}

/** What the category's confirmed documents taught under its current fields, the most recent first. */
export function learnedDocuments(deps: EngineDeps, categoryId: string, signature: string): LearnedDocument[] {
  const rows = deps.db.prepare('SELECT memory FROM learned_documents WHERE category_id = ? AND fields_signature = ? ORDER BY updated_at DESC').pluck().all(categoryId, signature) as string[];
  return rows.map((memory) => LearnedDocument.parse(JSON.parse(memory)));
}

/** Forgets everything the category learned; how many documents' worth. */
export function forgetLearned(deps: EngineDeps, categoryId: string): number {
  return deps.db.prepare('DELETE FROM learned_documents WHERE category_id = ?').run(categoryId).changes;
}
