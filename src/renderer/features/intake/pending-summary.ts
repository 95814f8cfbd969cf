// Counts of the files waiting to be sent. Pure.
import type { PendingFile } from './pending-file';

export interface PendingSummary {
  [key: string]: number;
  total: number;
  ready: number;
  blocked: number;
  duplicates: number;
  checking: number;
  failed: number;
}

export function pendingSummary(files: readonly Pick<PendingFile, 'state' | 'check'>[], allowDuplicates: boolean): PendingSummary {
  const summary: PendingSummary = { total: files.length, ready: 0, blocked: 0, duplicates: 0, checking: 0, failed: 0 };
  for (const file of files) {
    if (file.state === 'failed') summary.failed++;
    else if (file.state !== 'checked' || file.check === null) summary.checking++;
    else if (file.check.blocked) summary.blocked++;
    else {
      const duplicate = file.check.warnings.some((w) => w.code === 'duplicate');
      if (duplicate) summary.duplicates++;
      if (!duplicate || allowDuplicates) summary.ready++;
    }
  }
  return summary;
}
