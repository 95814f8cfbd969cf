// An outbox change kind (file.correct, review.submit...) in words. Pure.
import type { MessageKey } from '../../i18n/messages-en';

const KINDS: Readonly<Record<string, MessageKey>> = {
  'file.correct': 'change.file.correct',
  'file.amend-category': 'change.file.amend-category',
  'file.re-extract': 'change.file.re-extract',
  'file.retry': 'change.file.retry',
  'file.delete': 'change.file.delete',
  'review.submit': 'change.review.submit',
  'review.retry': 'change.review.retry',
  'review.rule-retry': 'change.review.rule-retry',
  'review.delete': 'change.review.delete',
  'rule.create': 'change.rule.create',
  'rule.update': 'change.rule.update',
  'rule.delete': 'change.rule.delete',
  'group.rename': 'change.group.rename',
  'group.delete': 'change.group.delete',
  'repo.rename': 'change.repo.rename',
  'repo.delete': 'change.repo.delete',
  'workspace.update': 'change.workspace.update',
  'workspace.delete': 'change.workspace.delete',
  'category.create': 'change.category.create',
  'category.update': 'change.category.update',
  'category.delete': 'change.category.delete',
  'category.fields-update': 'change.category.fields-update',
  'category.tables-update': 'change.category.tables-update',
};

/** Undefined for a kind this version does not know: it is shown by its name. */
export function changeKindKey(kind: string): MessageKey | undefined {
  return KINDS[kind];
}
