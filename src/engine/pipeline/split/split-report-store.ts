import { z } from 'zod';
import { Stamp } from '../../../shared/api/files.js';
import { DroppedPage, SplitBoundary } from '../../../shared/api/split.js';
import type { EngineDeps } from '../../engine-deps.js';

/** What the engine keeps of a split: its cut, and the seals of the stack's pages (its children read their pages from the parent's parse). */
export const SplitReport = z.object({
  boundaries: z.array(SplitBoundary),
  dropped: z.array(DroppedPage),
  stamps: z.array(Stamp),
});
export type SplitReport = z.infer<typeof SplitReport>;

export function saveSplitReport(deps: EngineDeps, fileId: string, report: SplitReport): void {
  deps.db.prepare("INSERT OR REPLACE INTO split_reports (file_id, decided_by, report) VALUES (?, 'engine', ?)").run(fileId, JSON.stringify(report));
}

/** The clerk gave the children (split_tasks): the engine's boundaries stay as what it had found. */
export function markDecidedByClerk(deps: EngineDeps, fileId: string): void {
  deps.db.prepare("UPDATE split_reports SET decided_by = 'clerk' WHERE file_id = ?").run(fileId);
}

export function splitReportOf(deps: EngineDeps, fileId: string): (SplitReport & { decidedBy: 'engine' | 'clerk' }) | undefined {
  const row = deps.db.prepare('SELECT decided_by, report FROM split_reports WHERE file_id = ?').get(fileId) as { decided_by: 'engine' | 'clerk'; report: string } | undefined;
  return row && { ...SplitReport.parse(JSON.parse(row.report)), decidedBy: row.decided_by };
}
