import { beforeAll, describe, expect, it } from 'vitest';
import { ReviewStatus, type FileRecord, type ReviewTaskResult, type RuleRepo } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { isoDay } from '../support/iso-day.js';
import { useContractRig } from './contract-rig.js';
import { startEngineProcess, waitForReview, waitForTask } from './engine-process.js';
import { invoiceLines, SOUND_INVOICE, type InvoiceSpec } from './starter-invoice.js';

// The starter repository a first run seeds, judged on invoices extracted by the starter "VAT invoice" category.

const rig = useContractRig({ starter: true });
let starter: RuleRepo;

/** The same invoice code and number uploaded again, dated ahead, a broken seller tax id, an amount off its lines, a total off its parts. */
const BAD: InvoiceSpec = { number: '04412345', date: isoDay(30), sellerTaxId: '91350100M000100Y44', amount: '1,150.00', total: '1,300.00' };

async function upload(name: string, spec: InvoiceSpec): Promise<FileRecord> {
  const path = await rig.writeTemp(name, await makeTextPdf([invoiceLines(spec)]));
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, category: 'VAT invoice' });
  const file = await waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id);
  expect(file).toMatchObject({ recognition_status: 1, category: 'VAT invoice' });
  return file;
}

async function review(file: FileRecord): Promise<ReviewTaskResult> {
  const { task_id } = await rig.engine.client.review.tasks.submit({ workspace_id: rig.workspaceId, name: file.name, repo_id: starter.repo_id, extract_task_ids: [file.task_id] });
  return waitForReview(rig.engine.client, rig.workspaceId, task_id);
}

const verdicts = (result: ReviewTaskResult) => Object.fromEntries(result.groups.flatMap((g) => g.review_tasks).map((r) => [r.rule_name, r.review_result]));

beforeAll(async () => {
  const { repos } = await rig.engine.client.review.repos.list({ workspace_id: rig.workspaceId });
  starter = await rig.engine.client.review.repos.get({ workspace_id: rig.workspaceId, repo_id: repos.find((r) => r.name === 'Invoice checks')!.repo_id });
});

describe('the starter repository', () => {
  it('is seeded on the first run with invoice checks on the VAT invoice category, fields referenced by id', async () => {
    const { categories } = await rig.engine.client.categories.list({ workspace_id: rig.workspaceId });
    const invoice = categories.find((c) => c.name === 'VAT invoice')!;
    expect(starter.groups.map((g) => [g.name, g.rules.map((r) => r.name)])).toEqual([
      ['Amounts', ['Amount plus tax equals the total', 'Line items add up to the amount']],
      ['Dates', ['Invoice date is not in the future', 'Invoice is at most 365 days old']],
      ['Parties', ['Seller and buyer tax IDs are valid']],
      ['Duplicates', ['Invoice not already uploaded']],
    ]);
    expect(starter.category_ids).toEqual([invoice.id]);
    const lines = starter.groups[0]!.rules[1]!;
    expect(lines.prompt).toContain('check: sum([Line items.Amount]) = [Amount]');
    expect(lines.referenced_fields).toEqual([
      {
        category_id: invoice.id,
        category_name: 'VAT invoice',
        fields: [{ field_id: expect.any(String), field_name: 'Amount' }],
        tables: [{ table_id: expect.any(String), table_name: 'Line items', fields: [{ field_id: expect.any(String), field_name: 'Amount' }] }],
      },
    ]);
  });

  it('passes a sound invoice on every rule', async () => {
    const result = await review(await upload('sound.pdf', SOUND_INVOICE));
    expect(result.status).toBe(ReviewStatus.approved);
    expect(result.statistics).toEqual({ pass_count: 6, failure_count: 0, error_count: 0, not_triggered_count: 0 });
  });

  it('flags each fault of a faulty invoice on its own rule', async () => {
    const result = await review(await upload('faulty.pdf', BAD));
    expect(verdicts(result)).toEqual({
      'Amount plus tax equals the total': 2,
      'Line items add up to the amount': 2,
      'Invoice date is not in the future': 2,
      'Invoice is at most 365 days old': 1,
      'Seller and buyer tax IDs are valid': 2,
      'Invoice not already uploaded': 2,
    });
    const reasoning = Object.fromEntries(result.groups.flatMap((g) => g.review_tasks).map((r) => [r.rule_name, r.reasoning]));
    expect(reasoning['Line items add up to the amount']).toContain('`sum([Line items.Amount])` is 1100.00; `[Amount]` is 1150.00');
    expect(reasoning['Seller and buyer tax IDs are valid']).toContain('`[Seller tax ID]` "91350100M000100Y44" is not a valid tax id');
    expect(reasoning['Invoice not already uploaded']).toContain("already on 1 document(s) uploaded before this one: 'sound.pdf'");
  });

  it('is not seeded again after a restart, even when the clerk deleted it', async () => {
    const { repos } = await rig.engine.client.review.repos.list({ workspace_id: rig.workspaceId });
    expect(repos.filter((r) => r.name === 'Invoice checks')).toHaveLength(1);
    const dataDir = rig.engine.dataDir;
    for (const rule of starter.groups.flatMap((g) => g.rules)) await rig.engine.client.review.rules.delete({ workspace_id: rig.workspaceId, rule_id: rule.rule_id });
    await rig.engine.stop();
    rig.engine = await startEngineProcess({ starter: true, dataDir });
    const again = await rig.engine.client.review.repos.get({ workspace_id: rig.workspaceId, repo_id: starter.repo_id });
    expect(again.groups.flatMap((g) => g.rules)).toEqual([]);
    expect((await rig.engine.client.review.repos.list({ workspace_id: rig.workspaceId })).repos.filter((r) => r.name === 'Invoice checks')).toHaveLength(1);
  });
});
