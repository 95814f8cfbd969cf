/** Numbered migrations of the engine's store; append only, never edit one that has shipped. */
export const MIGRATIONS: readonly string[] = [
  /* 1: initial schema */ `
  CREATE TABLE workspaces (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
    auth_scope INTEGER NOT NULL DEFAULT 0, enterprise_id TEXT, callback_url TEXT, callback_retry_time INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE categories (
    id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', category_prompt TEXT NOT NULL DEFAULT '',
    extract_model TEXT NOT NULL DEFAULT 'Auto', enabled INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX categories_name ON categories(workspace_id, name);
  CREATE TABLE category_tables (
    id TEXT PRIMARY KEY, category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', prompt TEXT NOT NULL DEFAULT '',
    collect_from_multi_table INTEGER NOT NULL DEFAULT 0, extract_model TEXT NOT NULL DEFAULT 'Auto', ord INTEGER NOT NULL
  );
  CREATE TABLE category_fields (
    id TEXT PRIMARY KEY, category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    table_id TEXT REFERENCES category_tables(id) ON DELETE CASCADE,
    name TEXT NOT NULL, definition TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    extract_model TEXT NOT NULL DEFAULT 'Auto', ord INTEGER NOT NULL
  );
  CREATE TABLE category_samples (
    id TEXT PRIMARY KEY, category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL, blob TEXT NOT NULL, size INTEGER NOT NULL, text TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE files (
    id TEXT PRIMARY KEY, task_id TEXT NOT NULL UNIQUE, workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    parent_task_id TEXT, task_type INTEGER NOT NULL, batch_number TEXT NOT NULL, name TEXT NOT NULL, format TEXT NOT NULL,
    blob TEXT NOT NULL, size INTEGER NOT NULL,
    recognition_status INTEGER NOT NULL, verification_status INTEGER NOT NULL DEFAULT 0, failure_causes TEXT,
    category TEXT NOT NULL DEFAULT '', options TEXT NOT NULL, parser_params TEXT NOT NULL,
    pages TEXT NOT NULL DEFAULT '[]', data TEXT, document TEXT,
    from_parent_position_list TEXT, crop_info TEXT,
    duration_ms INTEGER, total_page_num INTEGER NOT NULL DEFAULT 0, run_id TEXT,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );
  CREATE INDEX files_workspace_updated ON files(workspace_id, updated_at);
  CREATE INDEX files_batch ON files(workspace_id, batch_number);
  CREATE INDEX files_parent ON files(parent_task_id);
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, subject TEXT NOT NULL, payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'queued', attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );
  CREATE INDEX jobs_state ON jobs(state, id);
  CREATE TABLE rule_repos (
    id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL, default_model TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE TABLE rule_groups (
    id TEXT PRIMARY KEY, repo_id TEXT NOT NULL REFERENCES rule_repos(id) ON DELETE CASCADE, name TEXT NOT NULL, ord INTEGER NOT NULL
  );
  CREATE TABLE rules (
    id TEXT PRIMARY KEY, repo_id TEXT NOT NULL REFERENCES rule_repos(id) ON DELETE CASCADE,
    group_id TEXT NOT NULL REFERENCES rule_groups(id) ON DELETE CASCADE,
    name TEXT NOT NULL, prompt TEXT NOT NULL, category_ids TEXT NOT NULL DEFAULT '[]', referenced_fields TEXT NOT NULL DEFAULT '[]',
    risk_level INTEGER NOT NULL DEFAULT 20, version INTEGER NOT NULL DEFAULT 1, ord INTEGER NOT NULL
  );
  CREATE TABLE review_tasks (
    id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL, repo_id TEXT NOT NULL, model TEXT NOT NULL, extract_task_ids TEXT NOT NULL, batch_number TEXT,
    status INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );
  CREATE TABLE review_rule_results (
    id TEXT PRIMARY KEY, review_task_id TEXT NOT NULL REFERENCES review_tasks(id) ON DELETE CASCADE,
    rule_id TEXT NOT NULL, group_id TEXT NOT NULL, group_name TEXT NOT NULL, rule_name TEXT NOT NULL, prompt TEXT NOT NULL,
    risk_level INTEGER, review_result INTEGER NOT NULL, outcome TEXT NOT NULL, reasoning TEXT NOT NULL DEFAULT '',
    anchors TEXT NOT NULL DEFAULT '[]', audit_result INTEGER, audit_message TEXT, ord INTEGER NOT NULL
  );
  `,
  /* 2: engine facts kept across starts (the starter content's seed marker); invoice keys for the duplicate check */ `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE invoice_keys (
    file_id TEXT PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL, code TEXT NOT NULL, number TEXT NOT NULL
  );
  CREATE INDEX invoice_keys_lookup ON invoice_keys(workspace_id, number, code);
  `,
  /* 3: what the clerk's confirmed documents taught the extractor, per category (pipeline/learning) */ `
  CREATE TABLE learned_documents (
    category_id TEXT NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    file_id TEXT NOT NULL, fields_signature TEXT NOT NULL, memory TEXT NOT NULL, updated_at INTEGER NOT NULL,
    PRIMARY KEY (category_id, file_id)
  );
  CREATE INDEX learned_documents_recent ON learned_documents(category_id, updated_at);
  `,
  /* 4: /file/fetch pages in creation order without sorting the workspace (created_at sits behind the documents in each row) */ `
  CREATE INDEX files_listing ON files(workspace_id, created_at, id);
  `,
  /* 5: how a split task's pages were cut into documents (boundaries with their confidence, dropped pages) and the seals found on its pages */ `
  CREATE TABLE split_reports (
    file_id TEXT PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE, decided_by TEXT NOT NULL, report TEXT NOT NULL
  );
  `,
  /* 6: the starter categories' amount pattern kept "1.234" of "1.234,56 €": fields seeded with it read an amount whole, in any country's marks (starter-categories.ts) */ String.raw`
  UPDATE category_fields
  SET definition = replace(definition, '"match":"-?\\d[\\d,]*(?:\\.\\d+)?"', '"match":"-?\\d(?:[\\d.,''\\u00A0 ]*\\d)?"')
  WHERE instr(definition, '"match":"-?\\d[\\d,]*(?:\\.\\d+)?"') > 0;
  `,
];
