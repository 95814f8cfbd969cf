import { randomUUID } from 'node:crypto';
import { VerificationStatus, type FieldsList, type FileData, type Rule } from '../../../shared/api/index.js';
import type { LocalChange } from '../../../shared/ipc/local-change.js';
import { CoreError, parseInput } from '../core-error.js';
import { readJson } from '../store/json-column.js';
import type { FileRow } from '../store/file-cache.js';
import type { OutboxChange } from './change-kinds.js';
import type { ChangeNotes } from './change-notes.js';
import { diffEditable, editableOf, withEditable } from './editable-data.js';
import { withFieldChanges, withTableChanges } from './field-changes.js';
import {
  AmendCategoryInput,
  CorrectFileInput,
  CreateCategoryInput,
  CreateRuleInput,
  DeleteCategoriesInput,
  DeleteFilesInput,
  DeleteReviewTasksInput,
  DeleteRuleGroupInput,
  DeleteRuleInput,
  DeleteRuleReposInput,
  DeleteWorkspacesInput,
  ReExtractInput,
  RenameRuleGroupInput,
  RenameRuleRepoInput,
  RetryFileInput,
  RetryReviewInput,
  RetryReviewRuleInput,
  SubmitReviewInput,
  UpdateCategoryFieldsInput,
  UpdateCategoryTablesInput,
  UpdateCategoryInput,
  UpdateRuleInput,
  UpdateWorkspaceInput,
} from './local-change-inputs.js';
import { commitLocal, type SyncContext } from './sync-context.js';
import { subjectOf } from './local-entities.js';
import { findRule, hasGroup, repoWithChangedRule, repoWithGroupName, repoWithoutGroup, repoWithoutRule, repoWithRule } from './rule-repo-edits.js';

/**
 * Every command of the clerk: one transaction holding the optimistic change to the cache, its
 * outbox row (idempotency key minted once) and its journal entry; listeners hear of it after commit.
 */
export class LocalChanges {
  constructor(private readonly context: SyncContext) {}

  // ---- files ----

  /** The complete field set and table rows as edited; a member left out (fields or items) is kept as it is. */
  correctFile(input: CorrectFileInput): LocalChange {
    const { workspace_id: ws, file_id, data: given } = parseInput(CorrectFileInput, input, 'correction');
    return this.onFile(ws, { file_id }, (row, notes) => {
      const data = readJson<FileData | null>(row.data, null);
      const before = editableOf(data);
      const after = editableOf({ fields: given.fields ?? before.fields, items: given.items ?? before.items });
      const changes = diffEditable(before, after);
      if (changes.length === 0) return [];
      this.context.files.beginLocalChange(row, { data: withEditable(data, after), action: 'correct' });
      return [this.enqueue(notes, ws, { kind: 'file.correct', file_id: row.file_id }, { changes })];
    });
  }

  amendCategory(input: AmendCategoryInput): LocalChange {
    const body = parseInput(AmendCategoryInput, input, 'amend category');
    const { workspace_id: ws, task_id, ...rest } = body;
    if (rest.category === undefined && !rest.split_tasks?.length && !rest.crop_tasks?.length) {
      throw new CoreError('INVALID_INPUT', 'amend category: give the new category, or split_tasks or crop_tasks');
    }
    return this.onFile(ws, { task_id }, (row, notes) => {
      this.context.files.beginLocalChange(row, { ...(rest.category === undefined ? {} : { category: rest.category }), action: 'amend-category' });
      return [this.enqueue(notes, ws, { kind: 'file.amend-category', file_id: row.file_id, body }, { before: row.category, ...rest })];
    });
  }

  reExtract(input: ReExtractInput): LocalChange {
    const body = parseInput(ReExtractInput, input, 're-extract');
    const { workspace_id: ws, task_id, ...rest } = body;
    return this.onFile(ws, { task_id }, (row, notes) => {
      this.context.files.beginLocalChange(row, { action: 're-extract' });
      return [this.enqueue(notes, ws, { kind: 'file.re-extract', file_id: row.file_id, body }, rest)];
    });
  }

  retryFile(input: RetryFileInput): LocalChange {
    const body = parseInput(RetryFileInput, input, 'retry');
    const { workspace_id: ws, task_id } = body;
    return this.onFile(ws, { task_id }, (row, notes) => {
      this.context.files.beginLocalChange(row, { action: 'retry' });
      // The password opens the PDF on the server; the journal does not keep it.
      const { pdf_pwd: _password, ...params } = body.parser_params ?? {};
      return [this.enqueue(notes, ws, { kind: 'file.retry', file_id: row.file_id, body }, { parser_params: params })];
    });
  }

  deleteFiles(input: DeleteFilesInput): LocalChange {
    const { workspace_id: ws, file_ids } = parseInput(DeleteFilesInput, input, 'delete files');
    return this.commit((notes) =>
      [...new Set(file_ids)].flatMap((file_id) => {
        const row = this.liveFile(ws, { file_id });
        this.context.files.beginLocalChange(row, { verification_status: VerificationStatus.deleted, action: 'delete' });
        notes.file(ws, file_id);
        return [this.enqueue(notes, ws, { kind: 'file.delete', file_id }, { name: row.name })];
      }),
    );
  }

  // ---- review tasks ----

  submitReview(input: SubmitReviewInput): LocalChange {
    const body = parseInput(SubmitReviewInput, input, 'submit review');
    const ws = body.workspace_id;
    const localId = `local-${randomUUID()}`;
    const result = this.commit((notes) => {
      this.context.catalog.insertLocalReviewTask(ws, { task_id: localId, name: body.name, repo_id: body.repo_id, request: body }, this.context.clock.now());
      notes.catalogPart(ws, 'review-tasks');
      return [this.enqueue(notes, ws, { kind: 'review.submit', task_id: localId, body }, { name: body.name, repo_id: body.repo_id })];
    });
    return { ...result, localId };
  }

  retryReview(input: RetryReviewInput): LocalChange {
    const body = parseInput(RetryReviewInput, input, 'retry review');
    return this.onReviewTask(body.workspace_id, body.task_id, { kind: 'review.retry', task_id: body.task_id, body }, { status: null });
  }

  retryReviewRule(input: RetryReviewRuleInput): LocalChange {
    const body = parseInput(RetryReviewRuleInput, input, 'retry review rule');
    return this.onReviewTask(body.workspace_id, body.task_id, { kind: 'review.rule-retry', task_id: body.task_id, body }, { status: null });
  }

  deleteReviewTasks(input: DeleteReviewTasksInput): LocalChange {
    const { workspace_id: ws, task_ids } = parseInput(DeleteReviewTasksInput, input, 'delete review tasks');
    return this.commit((notes) =>
      [...new Set(task_ids)].flatMap((task_id) => this.reviewTaskChange(notes, ws, task_id, { kind: 'review.delete', task_id }, { deleted: true })),
    );
  }

  // ---- rules and groups ----

  createRule(input: CreateRuleInput): LocalChange {
    const body = parseInput(CreateRuleInput, input, 'create rule');
    const ws = body.workspace_id;
    const repo = this.requireRepo(ws, body.repo_id);
    if (!hasGroup(repo, body.group_id)) throw new CoreError('NOT_FOUND', `rule group ${body.group_id} is not in repository ${repo.name}`);
    const localId = `local-${randomUUID()}`;
    const rule: Rule = {
      rule_id: localId,
      name: body.name,
      prompt: body.prompt,
      category_ids: body.category_ids ?? [],
      referenced_fields: [],
      ...(body.risk_level === undefined ? {} : { risk_level: body.risk_level }),
    };
    const result = this.commit((notes) => {
      this.context.catalog.putLocalRuleRepo(ws, repoWithRule(repo, body.group_id, rule));
      notes.catalogPart(ws, 'rule-repos');
      const change: OutboxChange = { kind: 'rule.create', repo_id: repo.repo_id, rule_id: localId, body };
      return [this.enqueue(notes, ws, change, { rule_id: localId, name: body.name, group_id: body.group_id })];
    });
    return { ...result, localId };
  }

  updateRule(input: UpdateRuleInput): LocalChange {
    const body = parseInput(UpdateRuleInput, input, 'update rule');
    const { workspace_id: ws, rule_id, group_id, ...patch } = body;
    const repo = this.repoOfRule(ws, rule_id);
    const { referenced_fields: _refs, ...plain } = patch;
    return this.commit((notes) => {
      this.context.catalog.putLocalRuleRepo(ws, repoWithChangedRule(repo, rule_id, plain, group_id));
      notes.catalogPart(ws, 'rule-repos');
      const change: OutboxChange = { kind: 'rule.update', repo_id: repo.repo_id, rule_id, body };
      return [this.enqueue(notes, ws, change, { rule_id, group_id, ...patch })];
    });
  }

  deleteRule(input: DeleteRuleInput): LocalChange {
    const { workspace_id: ws, rule_id } = parseInput(DeleteRuleInput, input, 'delete rule');
    const repo = this.repoOfRule(ws, rule_id);
    return this.commit((notes) => {
      this.context.catalog.putLocalRuleRepo(ws, repoWithoutRule(repo, rule_id));
      notes.catalogPart(ws, 'rule-repos');
      const name = findRule(repo, rule_id)?.name;
      return [this.enqueue(notes, ws, { kind: 'rule.delete', repo_id: repo.repo_id, rule_id }, { rule_id, name })];
    });
  }

  renameRuleGroup(input: RenameRuleGroupInput): LocalChange {
    const body = parseInput(RenameRuleGroupInput, input, 'rename rule group');
    const ws = body.workspace_id;
    const repo = this.repoOfGroup(ws, body.group_id);
    return this.commit((notes) => {
      const before = repo.groups.find((g) => g.group_id === body.group_id)!.name;
      this.context.catalog.putLocalRuleRepo(ws, repoWithGroupName(repo, body.group_id, body.name));
      notes.catalogPart(ws, 'rule-repos');
      const change: OutboxChange = { kind: 'group.rename', repo_id: repo.repo_id, group_id: body.group_id, body };
      return [this.enqueue(notes, ws, change, { group_id: body.group_id, before, after: body.name })];
    });
  }

  /** The group goes with its rules, as on the server. */
  deleteRuleGroup(input: DeleteRuleGroupInput): LocalChange {
    const { workspace_id: ws, group_id } = parseInput(DeleteRuleGroupInput, input, 'delete rule group');
    const repo = this.repoOfGroup(ws, group_id);
    return this.commit((notes) => {
      const name = repo.groups.find((g) => g.group_id === group_id)!.name;
      this.context.catalog.putLocalRuleRepo(ws, repoWithoutGroup(repo, group_id));
      notes.catalogPart(ws, 'rule-repos');
      return [this.enqueue(notes, ws, { kind: 'group.delete', repo_id: repo.repo_id, group_id }, { group_id, name })];
    });
  }

  renameRuleRepo(input: RenameRuleRepoInput): LocalChange {
    const body = parseInput(RenameRuleRepoInput, input, 'rename rule repository');
    const { workspace_id: ws, repo_id, name } = body;
    const repo = this.requireRepo(ws, repo_id);
    if (name === undefined || name === repo.name) return { opIds: [] };
    return this.commit((notes) => {
      const { local_pending: _pending, ...record } = repo;
      this.context.catalog.putLocalRuleRepo(ws, { ...record, name });
      notes.catalogPart(ws, 'rule-repos');
      return [this.enqueue(notes, ws, { kind: 'repo.rename', repo_id, body }, { before: repo.name, after: name })];
    });
  }

  deleteRuleRepos(input: DeleteRuleReposInput): LocalChange {
    const { workspace_id: ws, repo_ids } = parseInput(DeleteRuleReposInput, input, 'delete rule repositories');
    const repos = [...new Set(repo_ids)].map((id) => this.requireRepo(ws, id));
    return this.commit((notes) =>
      repos.flatMap(({ local_pending: _pending, ...record }) => {
        this.context.catalog.putLocalRuleRepo(ws, record, { deleted: true });
        notes.catalogPart(ws, 'rule-repos');
        return [this.enqueue(notes, ws, { kind: 'repo.delete', repo_id: record.repo_id }, { name: record.name })];
      }),
    );
  }

  // ---- workspaces ----

  updateWorkspace(input: UpdateWorkspaceInput): LocalChange {
    const body = parseInput(UpdateWorkspaceInput, input, 'update workspace');
    const { workspace_id: ws, ...patch } = body;
    const workspace = this.requireWorkspace(ws);
    return this.commit((notes) => {
      this.context.catalog.putLocalWorkspace({ ...workspace, ...patch });
      notes.catalogPart(ws, 'workspaces');
      return [this.enqueue(notes, ws, { kind: 'workspace.update', workspace_id: ws, body }, { before: workspace.name, ...patch })];
    });
  }

  /** The workspace is hidden at once; on the server it goes with everything in it. */
  deleteWorkspaces(input: DeleteWorkspacesInput): LocalChange {
    const { workspace_ids } = parseInput(DeleteWorkspacesInput, input, 'delete workspaces');
    const workspaces = [...new Set(workspace_ids)].map((id) => this.requireWorkspace(id));
    return this.commit((notes) =>
      workspaces.map((workspace) => {
        const ws = workspace.workspace_id;
        this.context.catalog.putLocalWorkspace(workspace, { deleted: true });
        notes.catalogPart(ws, 'workspaces');
        return this.enqueue(notes, ws, { kind: 'workspace.delete', workspace_id: ws }, { name: workspace.name });
      }),
    );
  }

  // ---- categories ----

  createCategory(input: CreateCategoryInput): LocalChange {
    const { sample_files, ...parts } = parseInput(CreateCategoryInput, input, 'create category');
    const ws = parts.workspace_id;
    if (this.context.catalog.categories(ws).some((c) => c.name === parts.name)) {
      throw new CoreError('INVALID_INPUT', `a category named '${parts.name}' already exists in this workspace`);
    }
    const localId = `local-${randomUUID()}`;
    const result = this.commit((notes) => {
      const record = { id: localId, name: parts.name, description: parts.description ?? '', category_prompt: parts.category_prompt ?? '', extract_model: parts.extract_model ?? 'Auto', enabled: 1 };
      this.context.catalog.putLocalCategory(ws, record);
      notes.catalogPart(ws, 'categories');
      const change: OutboxChange = { kind: 'category.create', category_id: localId, parts, sample_files };
      return [this.enqueue(notes, ws, change, { name: parts.name, fields: parts.fields.map((f) => f.name) })];
    });
    return { ...result, localId };
  }

  updateCategory(input: UpdateCategoryInput): LocalChange {
    const body = parseInput(UpdateCategoryInput, input, 'update category');
    const { workspace_id: ws, category_id, with_detail: _detail, ...patch } = body;
    const category = this.requireCategory(ws, category_id);
    return this.commit((notes) => {
      const { fields: _fields, local_pending: _pending, ...record } = category;
      this.context.catalog.putLocalCategory(ws, { ...record, ...patch });
      notes.catalogPart(ws, 'categories');
      const change: OutboxChange = { kind: 'category.update', category_id, body };
      return [this.enqueue(notes, ws, change, patch)];
    });
  }

  /** One field or a few, regular or of a table, changed in the cached category at once and sent through the field routes. */
  updateCategoryFields(input: UpdateCategoryFieldsInput): LocalChange {
    const body = parseInput(UpdateCategoryFieldsInput, input, 'update category fields');
    return this.onCategoryFields(body.workspace_id, body.category_id, (list) => withFieldChanges(list, body.fields), { kind: 'category.fields-update', category_id: body.category_id, body }, body.fields.map((f) => f.name ?? f.field_id));
  }

  /** One table or a few: their own settings (name, prompt, ...) sent through the table routes. */
  updateCategoryTables(input: UpdateCategoryTablesInput): LocalChange {
    const body = parseInput(UpdateCategoryTablesInput, input, 'update category tables');
    return this.onCategoryFields(body.workspace_id, body.category_id, (list) => withTableChanges(list, body.tables), { kind: 'category.tables-update', category_id: body.category_id, body }, body.tables.map((t) => t.name ?? t.table_id));
  }

  private onCategoryFields(ws: string, categoryId: string, edit: (list: FieldsList) => FieldsList, change: OutboxChange, changed: string[]): LocalChange {
    const category = this.requireCategory(ws, categoryId);
    if (!category.fields) throw new CoreError('INVALID_STATE', `the fields of category ${category.name} are not in the cache yet; sync first`);
    const fields = edit(category.fields);
    return this.commit((notes) => {
      this.context.catalog.putLocalCategoryFields(ws, categoryId, fields);
      notes.catalogPart(ws, 'categories');
      return [this.enqueue(notes, ws, change, { name: category.name, fields: changed })];
    });
  }

  deleteCategories(input: DeleteCategoriesInput): LocalChange {
    const { workspace_id: ws, category_ids } = parseInput(DeleteCategoriesInput, input, 'delete categories');
    const categories = [...new Set(category_ids)].map((id) => this.requireCategory(ws, id));
    return this.commit((notes) =>
      categories.flatMap((category) => {
        const { fields: _fields, local_pending: _pending, ...record } = category;
        this.context.catalog.putLocalCategory(ws, record, { deleted: true });
        notes.catalogPart(ws, 'categories');
        return [this.enqueue(notes, ws, { kind: 'category.delete', category_id: category.id }, { name: category.name })];
      }),
    );
  }

  // ---- helpers ----

  private commit(work: (notes: ChangeNotes) => string[]): LocalChange {
    return { opIds: commitLocal(this.context, 'local', work) };
  }

  private onFile(ws: string, ref: { file_id: string } | { task_id: string }, work: (row: FileRow, notes: ChangeNotes) => string[]): LocalChange {
    return this.commit((notes) => {
      // Read inside the transaction: the row cannot change between the read and the write.
      const row = this.liveFile(ws, ref);
      const opIds = work(row, notes);
      if (opIds.length > 0) notes.file(ws, row.file_id);
      return opIds;
    });
  }

  private onReviewTask(ws: string, taskId: string, change: OutboxChange, mark: { status?: number | null }): LocalChange {
    return this.commit((notes) => this.reviewTaskChange(notes, ws, taskId, change, mark));
  }

  private reviewTaskChange(notes: ChangeNotes, ws: string, taskId: string, change: OutboxChange, mark: { status?: number | null; deleted?: boolean }): string[] {
    const task = this.context.catalog.reviewTasks(ws).find((t) => t.task_id === taskId);
    if (!task) throw new CoreError('NOT_FOUND', `review task ${taskId} was not submitted from this desk (or is deleted)`);
    this.context.catalog.markReviewTask(ws, taskId, mark);
    notes.catalogPart(ws, 'review-tasks');
    return [this.enqueue(notes, ws, change, { name: task.name })];
  }

  private enqueue(notes: ChangeNotes, ws: string, change: OutboxChange, detail: unknown): string {
    const op = this.context.outbox.insert(ws, change);
    this.context.journal.append({ kind: change.kind, subject: subjectOf(ws, change), opId: op.opId, detail });
    notes.outbox();
    return op.opId;
  }

  private liveFile(ws: string, ref: { file_id: string } | { task_id: string }): FileRow {
    const row = 'file_id' in ref ? this.context.files.row(ws, ref.file_id) : this.context.files.rowByTask(ws, ref.task_id);
    const named = 'file_id' in ref ? `file ${ref.file_id}` : `task ${ref.task_id}`;
    if (!row) throw new CoreError('NOT_FOUND', `${named} is not in the cache of workspace ${ws}; sync first`);
    if (row.verification_status === VerificationStatus.deleted) throw new CoreError('INVALID_STATE', `file ${row.name} is deleted`);
    return row;
  }

  private requireRepo(ws: string, repoId: string) {
    const repo = this.context.catalog.ruleRepo(ws, repoId);
    if (!repo) throw new CoreError('NOT_FOUND', `rule repository ${repoId} is not in the cache; sync first`);
    return repo;
  }

  private repoOfGroup(ws: string, groupId: string) {
    const repo = this.context.catalog.ruleRepos(ws).find((r) => hasGroup(r, groupId));
    if (!repo) throw new CoreError('NOT_FOUND', `rule group ${groupId} is not in the cache; sync first`);
    return repo;
  }

  private repoOfRule(ws: string, ruleId: string) {
    const repo = this.context.catalog.ruleRepos(ws).find((r) => findRule(r, ruleId) !== undefined);
    if (!repo) throw new CoreError('NOT_FOUND', `rule ${ruleId} is not in the cache; sync first`);
    return repo;
  }

  private requireWorkspace(ws: string) {
    const workspace = this.context.catalog.workspaces().find((w) => w.workspace_id === ws);
    if (!workspace) throw new CoreError('NOT_FOUND', `workspace ${ws} is not in the cache; sync first`);
    return workspace;
  }

  private requireCategory(ws: string, categoryId: string) {
    const category = this.context.catalog.category(ws, categoryId);
    if (!category) throw new CoreError('NOT_FOUND', `category ${categoryId} is not in the cache; sync first`);
    return category;
  }
}
