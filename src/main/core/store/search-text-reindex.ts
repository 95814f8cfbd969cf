import type Database from 'better-sqlite3';
import type { FileData, FileDocument } from '../../../shared/api/index.js';
import { readJson } from './json-column.js';
import { documentTextOf, fieldTextOf } from './file-record-rows.js';
import { ftsTextOf } from './fts-text.js';

const CHUNK = 1000;

/**
 * Writes every cached file's text into the (empty) full-text tables as the write path does: the
 * recognized lines, and the name with the field values of the local view. Read in chunks, since a
 * connection cannot write while it iterates.
 */
export function reindexSearchText(db: Database.Database): void {
  const documents = db.prepare('SELECT rid, document FROM file_documents WHERE rid > ? ORDER BY rid LIMIT ?');
  const insertDocument = db.prepare('INSERT INTO document_text (rowid, lines) VALUES (?, ?)');
  forEachChunk(documents, (row: { rid: number; document: string }) => {
    insertDocument.run(row.rid, documentTextOf(JSON.parse(row.document) as FileDocument));
  });
  const fields = db.prepare('SELECT rid, name, data FROM files JOIN file_bodies USING (rid) WHERE rid > ? ORDER BY rid LIMIT ?');
  const insertFields = db.prepare('INSERT INTO field_text (rowid, name, fields) VALUES (?, ?, ?)');
  forEachChunk(fields, (row: { rid: number; name: string; data: string | null }) => {
    insertFields.run(row.rid, ftsTextOf(row.name), fieldTextOf(readJson<FileData | null>(row.data, null)));
  });
}

function forEachChunk<T extends { rid: number }>(select: Database.Statement, each: (row: T) => void): void {
  for (let after = 0; ; ) {
    const rows = select.all(after, CHUNK) as T[];
    rows.forEach(each);
    if (rows.length < CHUNK) return;
    after = rows.at(-1)!.rid;
  }
}
