import type Database from 'better-sqlite3';
import { reindexSearchText } from './search-text-reindex.js';

/** SQL, or work that needs more than SQL (re-tokenizing text); run in the migration's transaction. */
export type CacheMigration = string | ((db: Database.Database) => void);

/** Numbered migrations of the desktop cache; append only, never edit one that has shipped. */
export const CACHE_MIGRATIONS: readonly CacheMigration[] = [
  /* 1: initial schema */ `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE workspaces (
    workspace_id TEXT PRIMARY KEY, name TEXT NOT NULL, record TEXT NOT NULL, synced_ms INTEGER NOT NULL
  );

  -- Categories as listed, with the fields and tables of /category/fields/list. A category made
  -- offline has a local id until the server names it (see id_map).
  CREATE TABLE categories (
    workspace_id TEXT NOT NULL, category_id TEXT NOT NULL, name TEXT NOT NULL, enabled INTEGER NOT NULL,
    record TEXT NOT NULL, fields TEXT, local_pending INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
    synced_ms INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, category_id)
  );

  -- Files and child files, one row each, narrow so that lists of 100,000 stay fast; the JSON
  -- bodies live in file_bodies. Columns the clerk can change offline (data, category,
  -- verification_status) hold the local view; server_* hold what the server last answered, and
  -- base_* the server state the pending local changes were made on (conflict detection).
  CREATE TABLE files (
    rid INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL, file_id TEXT NOT NULL, task_id TEXT NOT NULL, parent_task_id TEXT,
    task_type INTEGER NOT NULL, batch_number TEXT NOT NULL DEFAULT '', name TEXT NOT NULL, format TEXT NOT NULL DEFAULT '',
    recognition_status INTEGER NOT NULL, failure_causes TEXT,
    verification_status INTEGER NOT NULL DEFAULT 0, category TEXT NOT NULL DEFAULT '',
    invoice_status TEXT NOT NULL DEFAULT 'not_verified',
    total_page_num INTEGER NOT NULL DEFAULT 0, updated_ms INTEGER,
    server_category TEXT NOT NULL DEFAULT '', server_verification_status INTEGER NOT NULL DEFAULT 0,
    base_category TEXT, base_updated_ms INTEGER,
    local_pending INTEGER NOT NULL DEFAULT 0, local_action TEXT,
    has_document INTEGER NOT NULL DEFAULT 0,
    first_seen_ms INTEGER NOT NULL, synced_ms INTEGER NOT NULL,
    UNIQUE (workspace_id, file_id)
  );
  CREATE TABLE file_bodies (
    rid INTEGER PRIMARY KEY REFERENCES files(rid) ON DELETE CASCADE,
    record TEXT NOT NULL, data TEXT, server_data TEXT, base_data TEXT
  );
  CREATE INDEX files_task ON files(workspace_id, task_id);
  CREATE INDEX files_children ON files(workspace_id, parent_task_id) WHERE parent_task_id IS NOT NULL;
  CREATE INDEX files_in_progress ON files(workspace_id, recognition_status) WHERE recognition_status IN (0, 3, 4, 5, 6, 7, 20);
  -- List queries: top-level, not deleted files (as /file/fetch lists them), one index per sort key
  -- and per common filter followed by the default sort. Partial, so that the list's conditions
  -- are answered by the index alone; deleted files have an index of their own.
  CREATE INDEX files_by_updated ON files(workspace_id, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_name ON files(workspace_id, name, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_category ON files(workspace_id, category, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_batch ON files(workspace_id, batch_number, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_recognition ON files(workspace_id, recognition_status, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_verification ON files(workspace_id, verification_status, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_by_invoice ON files(workspace_id, invoice_status, updated_ms, file_id) WHERE parent_task_id IS NULL AND verification_status <> 4;
  CREATE INDEX files_deleted ON files(workspace_id, updated_ms, file_id) WHERE verification_status = 4;

  CREATE TABLE file_documents (rid INTEGER PRIMARY KEY REFERENCES files(rid) ON DELETE CASCADE, document TEXT NOT NULL);

  -- Full-text search: recognized lines, and the file name with its field values (which change
  -- with corrections, so they are indexed apart from the much larger document text).
  CREATE VIRTUAL TABLE document_text USING fts5(lines, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE field_text USING fts5(name, fields, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');

  CREATE TABLE rule_repos (
    workspace_id TEXT NOT NULL, repo_id TEXT NOT NULL, name TEXT NOT NULL, record TEXT NOT NULL,
    local_pending INTEGER NOT NULL DEFAULT 0, synced_ms INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, repo_id)
  );

  -- Review tasks this desk submitted (the interface has no listing of them), with their results.
  CREATE TABLE review_tasks (
    workspace_id TEXT NOT NULL, task_id TEXT NOT NULL, name TEXT NOT NULL, repo_id TEXT NOT NULL,
    status INTEGER, model TEXT, request TEXT NOT NULL, result TEXT,
    local_pending INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL, synced_ms INTEGER,
    PRIMARY KEY (workspace_id, task_id)
  );

  -- Server ids of things created offline under a local id.
  CREATE TABLE id_map (local_id TEXT PRIMARY KEY, server_id TEXT NOT NULL);

  -- The outbox: one row per local change, pushed in seq order within its queue (one queue per
  -- file, category, rule, group or review task).
  CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    op_id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, queue_key TEXT NOT NULL, workspace_id TEXT NOT NULL,
    payload TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0, next_attempt_ms INTEGER NOT NULL DEFAULT 0, last_error TEXT,
    -- Hashes of the values sent for this change so far: the server holding one of them holds our own push.
    sent TEXT NOT NULL DEFAULT '[]',
    created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL
  );
  CREATE INDEX outbox_queue ON outbox(queue_key, seq);

  CREATE TABLE conflicts (
    op_id TEXT PRIMARY KEY REFERENCES outbox(op_id) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL, file_id TEXT NOT NULL, aspect TEXT NOT NULL,
    base TEXT, server TEXT NOT NULL, local TEXT NOT NULL, detected_ms INTEGER NOT NULL
  );

  CREATE TABLE dead_letters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    op_id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, queue_key TEXT NOT NULL, workspace_id TEXT NOT NULL,
    payload TEXT NOT NULL, local TEXT, error TEXT NOT NULL, reason TEXT NOT NULL,
    attempts INTEGER NOT NULL, created_ms INTEGER NOT NULL, failed_ms INTEGER NOT NULL
  );

  CREATE TABLE uploads (
    upload_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, path TEXT NOT NULL, file_name TEXT NOT NULL,
    size INTEGER NOT NULL, sha256 TEXT NOT NULL, page_count INTEGER, format TEXT NOT NULL,
    options TEXT NOT NULL, batch_number TEXT NOT NULL,
    source TEXT NOT NULL, state TEXT NOT NULL, bytes_sent INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL DEFAULT 0, error TEXT,
    file_id TEXT, task_id TEXT, cleared INTEGER NOT NULL DEFAULT 0, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL
  );
  CREATE INDEX uploads_state ON uploads(state, created_ms);
  CREATE INDEX uploads_hash ON uploads(workspace_id, sha256);

  -- The edit journal: append-only, each entry holding its predecessor's hash.
  CREATE TABLE journal (
    seq INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, kind TEXT NOT NULL, subject TEXT NOT NULL,
    op_id TEXT, detail TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL
  );
  CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal BEGIN SELECT RAISE(ABORT, 'the edit journal is append-only'); END;
  CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal BEGIN SELECT RAISE(ABORT, 'the edit journal is append-only'); END;
  `,
  /* 2: review queues */ `
  -- Files a clerk marked done in a work queue, with the file's updated_ms at that moment: a file
  -- that changes afterwards (updated_ms moves past the mark) is back in the queue.
  CREATE TABLE queue_done (
    workspace_id TEXT NOT NULL, queue TEXT NOT NULL, file_id TEXT NOT NULL,
    file_updated_ms INTEGER, marked_ms INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, queue, file_id)
  );
  `,
  /* 3: page images */ `
  -- The picture of each page of a cached file (page = index in pages[]): the server's link as last
  -- pulled (links expire, so they are kept here and not in the file's record, which would change on
  -- every pull), and where the picture stands in the image cache. The bytes live on disk beside the
  -- cache, named by their sha256 (hash); several pages may share one.
  CREATE TABLE page_images (
    workspace_id TEXT NOT NULL, task_id TEXT NOT NULL, page INTEGER NOT NULL,
    file_id TEXT NOT NULL, url TEXT, url_ms INTEGER,
    -- queued | cached | unavailable (no picture, never asked again) | failed | evicted
    state TEXT NOT NULL DEFAULT 'queued',
    hash TEXT, size INTEGER, mime_type TEXT, reason TEXT,
    -- 0 prefetch (newest first by wanted_ms), 1 a work queue, 2 opened by the clerk
    priority INTEGER NOT NULL DEFAULT 0, wanted_ms INTEGER NOT NULL DEFAULT 0,
    last_access_ms INTEGER,
    PRIMARY KEY (workspace_id, task_id, page)
  );
  CREATE INDEX page_images_queue ON page_images(priority DESC, wanted_ms DESC) WHERE state = 'queued';
  CREATE INDEX page_images_lru ON page_images(hash, last_access_ms) WHERE state = 'cached';
  CREATE INDEX page_images_file ON page_images(workspace_id, file_id);
  `,
  /* 4: full-text search at scale */ (db) => {
    db.exec(`
    -- Chinese and Japanese runs are indexed as pairs of characters (fts-text.ts): the text is
    -- indexed again. Prefix indexes of one and two characters answer the first letters a clerk
    -- types without merging the lists of every word that starts with them.
    DROP TABLE document_text;
    DROP TABLE field_text;
    CREATE VIRTUAL TABLE document_text USING fts5(lines, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2');
    CREATE VIRTUAL TABLE field_text USING fts5(name, fields, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2');
    -- Full-text hits are counted against the list's conditions by row id in this narrow index,
    -- which holds every column they test, instead of in the rows (twice the reading).
    CREATE INDEX files_search_keys ON files(rid, workspace_id, updated_ms, batch_number, category, recognition_status, verification_status, invoice_status, local_pending)
      WHERE parent_task_id IS NULL AND verification_status <> 4;
    `);
    // The text is indexed by migration 5, which replaces both tables: indexing it here too was work thrown away.
  },
  /* 5: one full-text table */ (db) => {
    db.exec(`
    -- One full-text row per file (its recognized lines, name and field values) instead of a row in
    -- each of two tables: a search reads one list per token, not two, and needs no union of row ids.
    -- The table keeps no copy of the text, so a row is written whole; the lines are kept in
    -- file_lines for that, so that a field correction does not parse the document again.
    DROP TABLE document_text;
    DROP TABLE field_text;
    CREATE TABLE file_lines (rid INTEGER PRIMARY KEY REFERENCES files(rid) ON DELETE CASCADE, lines TEXT NOT NULL);
    CREATE VIRTUAL TABLE search_text USING fts5(lines, name, fields, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2');
    `);
    reindexSearchText(db);
  },
  /* 6: a rule repository deleted offline stays hidden until the server has deleted it too */ `
  ALTER TABLE rule_repos ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
  `,
  /* 7: a workspace renamed or deleted offline keeps its local view until the server has it too */ `
  ALTER TABLE workspaces ADD COLUMN local_pending INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE workspaces ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
  `,
  /* 8: an XML invoice queued for a cloud account is sent as a drawn PDF carrying the XML, and says so */ `
  ALTER TABLE uploads ADD COLUMN sent_as TEXT;
  `,
];
