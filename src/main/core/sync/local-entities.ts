import { journalSubject, type JournalSubjectKind } from '../journal/journal-subject.js';
import type { OutboxChange } from './change-kinds.js';
import type { ChangeNotes } from './change-notes.js';
import type { IdMap } from './id-map.js';
import type { SyncContext } from './sync-context.js';

/** The cached thing a change alters: a file, a category, a rule repository or a review task. */
type Entity =
  | { table: 'files'; id: string }
  | { table: 'workspaces'; id: string }
  | { table: 'categories'; id: string }
  | { table: 'rule_repos'; id: string }
  | { table: 'review_tasks'; id: string };

function entityOf(change: OutboxChange): Entity {
  switch (change.kind) {
    case 'file.correct':
    case 'file.amend-category':
    case 'file.re-extract':
    case 'file.retry':
    case 'file.delete':
      return { table: 'files', id: change.file_id };
    case 'workspace.update':
    case 'workspace.delete':
      return { table: 'workspaces', id: change.workspace_id };
    case 'category.create':
    case 'category.update':
    case 'category.delete':
    case 'category.fields-update':
    case 'category.tables-update':
      return { table: 'categories', id: change.category_id };
    case 'rule.create':
    case 'rule.update':
    case 'rule.delete':
    case 'group.rename':
    case 'group.delete':
    case 'repo.rename':
    case 'repo.delete':
      return { table: 'rule_repos', id: change.repo_id };
    case 'review.submit':
    case 'review.retry':
    case 'review.rule-retry':
    case 'review.delete':
      return { table: 'review_tasks', id: change.task_id };
  }
}

const CATALOG_PART = { workspaces: 'workspaces', categories: 'categories', rule_repos: 'rule-repos', review_tasks: 'review-tasks' } as const;
const SUBJECT_KIND: Record<Entity['table'], JournalSubjectKind> = { files: 'file', workspaces: 'workspace', categories: 'category', rule_repos: 'rule-repo', review_tasks: 'review-task' };

/** In the caller's transaction: one local change of the entity has left the outbox (applied, dead-lettered or discarded). */
export function endLocalChange(context: SyncContext, ids: IdMap, workspaceId: string, change: OutboxChange, notes: ChangeNotes): void {
  const entity = entityOf(ids.resolve(change).value);
  if (entity.table === 'files') {
    const row = context.files.row(workspaceId, entity.id);
    if (row) context.files.endLocalChange(row.rid);
    notes.file(workspaceId, entity.id);
    return;
  }
  context.catalog.endLocalChange(entity.table, workspaceId, entity.id);
  notes.catalogPart(workspaceId, CATALOG_PART[entity.table]);
}

/** The journal subject of a change: the thing it alters. */
export function subjectOf(workspaceId: string, change: OutboxChange): string {
  const entity = entityOf(change);
  return journalSubject(SUBJECT_KIND[entity.table], workspaceId, entity.id);
}

/** The local id a creation is queued under: it is the creation's own, not one to wait for. */
export function ownLocalId(change: OutboxChange): string | undefined {
  switch (change.kind) {
    case 'category.create':
      return change.category_id;
    case 'rule.create':
      return change.rule_id;
    case 'review.submit':
      return change.task_id;
    default:
      return undefined;
  }
}
