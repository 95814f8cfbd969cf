import { prepared, type Db } from './prepared.js';
import { ftsTextOf } from './fts-text.js';

/** What one file's full-text row is made of, as written (ftsTextOf makes it the indexed text). */
export interface SearchText {
  /** The recognized lines of its document, '' before the document is cached. */
  lines: string;
  name: string;
  /** The field values of the local view (fieldTextOf). */
  fields: string;
}

/**
 * Writes one file's full-text row whole. The table is contentless (it keeps no copy of the text),
 * so a row is replaced, never updated in part: a new field value is written with the lines kept in
 * file_lines, without parsing the document again.
 */
export function writeSearchText(db: Db, rid: number, text: SearchText): void {
  deleteSearchText(db, rid);
  prepared(db, 'INSERT INTO search_text (rowid, lines, name, fields) VALUES (?, ?, ?, ?)').run(rid, ftsTextOf(text.lines), ftsTextOf(text.name), ftsTextOf(text.fields));
}

export function deleteSearchText(db: Db, rid: number): void {
  prepared(db, 'DELETE FROM search_text WHERE rowid = ?').run(rid);
}

/** Keeps a file's recognized lines beside its document. */
export function putLines(db: Db, rid: number, lines: string): void {
  prepared(db, 'INSERT INTO file_lines (rid, lines) VALUES (?, ?) ON CONFLICT (rid) DO UPDATE SET lines = excluded.lines').run(rid, lines);
}

/** A file's recognized lines; '' before its document is cached. */
export function storedLines(db: Db, rid: number): string {
  return (prepared(db, 'SELECT lines FROM file_lines WHERE rid = ?').pluck().get(rid) as string | undefined) ?? '';
}
