import { z } from 'zod';
import { NoArgs, invokeSpec } from '../invoke-spec.js';

/** One entry of the append-only, hash-chained edit journal. */
export const JournalEntry = z.object({
  seq: z.number().int().positive(),
  at_ms: z.number(),
  kind: z.string(),
  /** What the entry is about, e.g. "file:<workspace>:<file id>". */
  subject: z.string(),
  op_id: z.string().nullable(),
  detail: z.unknown(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalVerdict = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), entries: z.number().int() }),
  z.object({ ok: z.literal(false), entries: z.number().int(), seq: z.number().int(), reason: z.string() }),
]);
export type JournalVerdict = z.infer<typeof JournalVerdict>;

export const ExportFormat = z.enum(['csv', 'xlsx', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;

const Destination = z.string().min(1).optional();

export const journalChannels = {
  /** The edit history of one file. */
  'journal.forFile': invokeSpec(
    z.strictObject({ workspace_id: z.string().min(1), file_id: z.string().min(1) }),
    z.object({ entries: z.array(JournalEntry) }),
  ),
  'journal.verify': invokeSpec(NoArgs, JournalVerdict),
  /** JSON lines, hashes included, for auditors; without a path it goes to the exports folder of the app data. */
  'journal.export': invokeSpec(z.strictObject({ path: Destination }), z.object({ path: z.string(), entries: z.number().int() })),
  /** A batch's results as a spreadsheet or JSON. */
  'export.batch': invokeSpec(
    z.strictObject({
      workspace_id: z.string().min(1),
      batch_number: z.string().min(1),
      format: ExportFormat,
      path: Destination,
    }),
    z.object({ path: z.string(), files: z.number().int() }),
  ),
} as const;
