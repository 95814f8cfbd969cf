import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { journalSubject } from '../../core/journal/journal-subject.js';
import { exportBatch } from '../batch-export.js';
import type { CoreSession } from '../core-session.js';
import { exportTarget } from '../export-target.js';

export function journalHandlers(deps: { session: CoreSession; exportsDir: string }): InvokeHandlers {
  const journal = () => deps.session.current().journal;
  return {
    'journal.forFile': ({ workspace_id, file_id }) => ({ entries: journal().list({ subject: journalSubject('file', workspace_id, file_id) }) }),
    'journal.verify': () => journal().verify(),
    'journal.export': async ({ path }) => {
      const target = exportTarget(deps.exportsDir, path, 'journal', 'jsonl');
      await mkdir(dirname(target), { recursive: true });
      return { path: target, entries: await journal().export(target) };
    },
    'export.batch': async ({ workspace_id, batch_number, format, path }) => {
      const target = exportTarget(deps.exportsDir, path, batch_number.replace(/[^\w.-]+/g, '_'), format);
      return { path: target, files: await exportBatch(deps.session.current(), { workspaceId: workspace_id, batchNumber: batch_number, format, path: target }) };
    },
  };
}
