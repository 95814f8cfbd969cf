import { prepared, type Db } from './store/cache-db.js';

/** One page of a cached document as stored (JSON text, null past its last page), and its number of pages. */
export interface StoredDocumentPage {
  page: string | null;
  pageCount: number;
}

// SQLite cuts the page out of the stored document (1.7 MB of JSON for a 20-page file): the core's
// event loop never parses, validates nor sends the rest, and other calls do not wait behind it.
const PAGE_SQL = "SELECT json_extract(document, ?) AS page, coalesce(json_array_length(document, '$.pages'), 0) AS pageCount FROM file_documents WHERE rid = ?";

/** The page of the file's recognised text, or undefined when the file has no document cached. */
export function readDocumentPage(db: Db, rid: number, page: number): StoredDocumentPage | undefined {
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError(`no page ${page}`);
  return prepared(db, PAGE_SQL).get(`$.pages[${page}]`, rid) as StoredDocumentPage | undefined;
}
