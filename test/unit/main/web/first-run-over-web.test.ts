import { describe, expect, it } from 'vitest';
import type { DeskLanguage } from '../../../../src/engine/starter/desk-language.js';
import { starterCategoryName } from '../../../../src/engine/starter/starter-categories.js';
import { until } from '../../../support/poll.js';
import { useAppOverWeb } from './app-over-web-rig.js';

// A newcomer's first minutes on the real local engine: the sample batch, processed and worked
// through a queue, through the contract only.
/** Four sample files through OCR and the pipeline on a busy machine. */
const POLL = { timeoutMs: 120_000, stepMs: 200 };

const app = useAppOverWeb({ keychainService: 'Docket-test-first-run', withSamples: true });
const { call } = app;

type Summary = { file_id: string; name: string; task_type: number; recognition_status: number; category: string };
type Counts = Record<string, { open: number; done: number }>;

describe('first run over the web host', () => {
  it('loads the sample batch on the local engine, and its files reach the work queues', async () => {
    const workspaceId = await app.firstWorkspace(POLL);
    expect(await call('firstRun.state')).toEqual({ firstRun: true, samplesLoaded: false });

    const loaded = await call<{ batchNumber: string; queued: { file_name: string; source: string }[] }>('firstRun.loadSamples', { workspace_id: workspaceId });
    expect(loaded.batchNumber).toBe('samples');
    expect(loaded.queued.map((u) => u.file_name).sort()).toEqual([
      'sample-receipt.pdf',
      'sample-two-invoices-for-split.pdf',
      'sample-vat-invoice-consulting.pdf',
      'sample-vat-invoice-office-supplies.pdf',
    ]);
    expect(loaded.queued.every((u) => u.source === 'sample')).toBe(true);
    expect(await call('firstRun.state')).toEqual({ firstRun: false, samplesLoaded: true });
    await expect(call('firstRun.loadSamples', { workspace_id: workspaceId })).rejects.toThrow(/already loaded/);

    const done = await until(async () => {
      await call('sync.now');
      const listed = await call<{ files: Summary[] }>('files.list', { workspace_id: workspaceId, batch_number: 'samples' });
      return listed.files.length === 4 && listed.files.every((f) => f.recognition_status === 1 || f.recognition_status === 2) ? listed.files : undefined;
    }, POLL);
    expect(done.find((f) => f.name === 'sample-two-invoices-for-split.pdf')).toMatchObject({ task_type: 2 });
    // The starter categories speak the language of the desk that created the data folder.
    const { language } = await call<{ language: DeskLanguage }>('preferences.get');
    const named = (english: string) => starterCategoryName(english, language);
    expect(done.filter((f) => f.task_type === 1).map((f) => f.category).sort()).toEqual([named('Receipt'), named('VAT invoice'), named('VAT invoice')].sort());

    // The samples' invoice codes are made up, so that a newcomer sees the failed-verification queue fill.
    const names = async (queue: string) => (await call<{ files: Summary[] }>('queues.list', { workspace_id: workspaceId, queue })).files.map((f) => f.name);
    const failed = await call<{ total: number; files: Summary[] }>('queues.list', { workspace_id: workspaceId, queue: 'invoice_failed' });
    expect(failed.files.map((f) => f.name).sort()).toEqual([
      'sample-two-invoices-for-split.pdf',
      'sample-two-invoices-for-split.pdf',
      'sample-vat-invoice-consulting.pdf',
      'sample-vat-invoice-office-supplies.pdf',
    ]);
    expect(await names('recognition_failed')).toEqual([]);
    const before = await call<Counts>('queues.counts', { workspace_id: workspaceId });
    expect(before['invoice_failed']).toEqual({ open: 4, done: 0 });

    const first = failed.files[0]!;
    await call('queues.markDone', { workspace_id: workspaceId, queue: 'invoice_failed', file_id: first.file_id, done: true });
    expect((await call<Counts>('queues.counts', { workspace_id: workspaceId }))['invoice_failed']).toEqual({ open: 3, done: 1 });
    expect((await call<{ files: Summary[] }>('queues.list', { workspace_id: workspaceId, queue: 'invoice_failed' })).files.map((f) => f.file_id)).not.toContain(first.file_id);
    const { entries } = await call<{ entries: { kind: string }[] }>('journal.forFile', { workspace_id: workspaceId, file_id: first.file_id });
    expect(entries.map((e) => e.kind)).toContain('queue.done');
    expect(await call('queues.prefetch', { workspace_id: workspaceId, queue: 'invoice_failed' })).toEqual({ fetched: 3 });
  }, 240_000);
});
