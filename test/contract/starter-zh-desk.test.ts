import { describe, expect, it } from 'vitest';
import { ReviewStatus, type FileRecord, type ReviewTaskResult } from '../../src/shared/api/index.js';
import { makeTextPdf } from '../fixtures/text-pdf.js';
import { useContractRig } from './contract-rig.js';
import { waitForReview, waitForTask } from './engine-process.js';
import { invoiceLines, SOUND_INVOICE } from './starter-invoice.js';

// A data folder created by a Chinese desk: the starter content named in Chinese, the English names still labels and field names.

const rig = useContractRig({ starter: true, args: ['--language', 'zh-CN'] });
const client = () => rig.engine.client;

let invoice: FileRecord | undefined;
/** The English-labelled invoice, uploaded once into the Chinese-named VAT invoice category. */
async function uploadedInvoice(): Promise<FileRecord> {
  if (invoice) return invoice;
  const path = await rig.writeTemp('sound.pdf', await makeTextPdf([invoiceLines(SOUND_INVOICE)]));
  const { files } = await client().files.upload(path, { workspace_id: rig.workspaceId, category: '增值税发票' });
  invoice = await waitForTask(client(), rig.workspaceId, files[0]!.task_id);
  return invoice;
}

async function review(repoId: string): Promise<ReviewTaskResult> {
  const file = await uploadedInvoice();
  const { task_id } = await client().review.tasks.submit({ workspace_id: rig.workspaceId, name: file.name, repo_id: repoId, extract_task_ids: [file.task_id] });
  return waitForReview(client(), rig.workspaceId, task_id);
}

describe('a zh-CN desk', () => {
  it('starts with its workspace, categories and starter repository named in Chinese', async () => {
    expect((await client().workspaces.list({})).workspaces.map((w) => w.name)).toEqual(['我的工作空间']);
    expect((await client().categories.list({ workspace_id: rig.workspaceId })).categories.map((c) => c.name)).toEqual(['增值税发票', '商业发票', '收据', '采购订单', '电子客票']);
    const { repos } = await client().review.repos.list({ workspace_id: rig.workspaceId });
    expect(repos.map((r) => r.name)).toEqual(['发票检查']);
  });

  it('extracts a document labelled with the English names into the Chinese fields', async () => {
    const file = await uploadedInvoice();
    expect(file).toMatchObject({ recognition_status: 1, category: '增值税发票' });
    const values = Object.fromEntries(file.data!.fields.map((f) => [f.key, f.value]));
    expect(values).toMatchObject({ 发票号码: SOUND_INVOICE.number, 开票日期: SOUND_INVOICE.date, 合计金额: SOUND_INVOICE.amount, 价税合计: SOUND_INVOICE.total });
    expect(file.data!.tables.map((t) => [t.tableName, t.items.length])).toEqual([['货物明细', 2]]);
  });

  it('passes a sound invoice on every rule of the Chinese starter repository', async () => {
    const { repos } = await client().review.repos.list({ workspace_id: rig.workspaceId });
    const result = await review(repos[0]!.repo_id);
    expect(result.status).toBe(ReviewStatus.approved);
    expect(result.statistics).toEqual({ pass_count: 6, failure_count: 0, error_count: 0, not_triggered_count: 0 });
  });

  it('evaluates a check line that names the fields in English', async () => {
    const { categories } = await client().categories.list({ workspace_id: rig.workspaceId });
    const { repo_id } = await client().review.repos.create({ workspace_id: rig.workspaceId, name: 'English names' });
    const { group_id } = await client().review.groups.create({ workspace_id: rig.workspaceId, repo_id, name: 'Totals' });
    const prompt = 'The amount plus the tax is the total.\ncheck: [Amount] + [Tax] = [Total]\ncheck: sum([货物明细.Amount]) = [Amount]';
    await client().review.rules.create({ workspace_id: rig.workspaceId, repo_id, group_id, name: 'Total', prompt, category_ids: [categories.find((c) => c.name === '增值税发票')!.id] });
    const result = await review(repo_id);
    expect(result.statistics).toEqual({ pass_count: 1, failure_count: 0, error_count: 0, not_triggered_count: 0 });
  });
});
