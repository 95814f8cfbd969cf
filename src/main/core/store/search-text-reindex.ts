import type Database from 'better-sqlite3';
import type { FileData, FileDocument } from '../../../shared/api/index.js';
import { readJson } from './json-column.js';
import { documentLinesOf, fieldTextOf } from './file-record-rows.js';
import { putLines, writeSearchText } from './search-text.js';

const CHUNK = 1000;

/**
 * Writes every cached file's text into the (empty) full-text table as the write path does: the
 * recognized lines, kept beside each document from now on, and the name with the field values of
 * the local view. Read in chunks, since a connection cannot write while it iterates.
 */
export function reindexSearchText(db: Database.Database): void {
  const documents = db.prepare('SELECT rid, document FROM file_documents WHERE rid > ? ORDER BY rid LIMIT ?');
  forEachChunk(documents, (row: { rid: number; document: string }) => putLines(db, row.rid, documentLinesOf(JSON.parse(row.document) as FileDocument)));
  const files = db.prepare("SELECT rid, name, data, coalesce(lines, '') AS lines FROM files JOIN file_bodies USING (rid) LEFT JOIN file_lines USING (rid) WHERE rid > ? ORDER BY rid LIMIT ?");
  forEachChunk(files, (row: { rid: number; name: string; data: string | null; lines: string }) => {
    writeSearchText(db, row.rid, { lines: row.lines, name: row.name, fields: fieldTextOf(readJson<FileData | null>(row.data, null)) });
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
