// A journal entry in a sentence for the clerk. Pure (the translation is passed in).
import type { z } from 'zod';
import type { JournalEntry } from '../../../shared/ipc/channels/journal';
import type { MessageKey } from '../../i18n/messages-en';
import type { Translate } from '../../i18n/translate';

type Entry = z.infer<typeof JournalEntry>;

const SIMPLE: Readonly<Record<string, MessageKey>> = {
  'file.re-extract': 'journal.reExtract',
  'file.retry': 'journal.retry',
  'file.delete': 'journal.delete',
  'sync.applied': 'journal.applied',
  'sync.already-applied': 'journal.alreadyApplied',
  'sync.conflict': 'journal.conflict',
  'sync.conflict-resolved': 'journal.conflictResolved',
  'sync.requeued': 'journal.requeued',
  'sync.discarded': 'journal.discarded',
  'sync.dead-letter': 'journal.deadLetter',
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return value === null || value === undefined ? '∅' : String(value);
}

export function describeEntry(entry: Entry, t: Translate): string {
  const detail = record(entry.detail);
  if (entry.kind === 'file.correct' && Array.isArray(detail['changes'])) {
    const changes = detail['changes'].map(record).map((c) => t('journal.change', { key: text(c['key']), before: text(c['before']), after: text(c['after']) }));
    return `${t('journal.correct')}: ${changes.join('; ')}`;
  }
  if (entry.kind === 'file.amend-category') {
    return t('journal.amendCategory', { before: text(detail['before']), after: text(detail['category']) });
  }
  const key = SIMPLE[entry.kind];
  const reason = typeof detail['reason'] === 'string' ? ` (${detail['reason']})` : '';
  return key ? t(key) + reason : entry.kind + reason;
}
