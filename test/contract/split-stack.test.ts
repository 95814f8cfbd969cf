import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskType, type FileRecord } from '../../src/shared/api/index.js';
import { blankBackJpeg, separatorJpeg, stackPdf, textPageJpeg } from '../fixtures/stack-sheets.js';
import { defaultWorkspace, startEngineProcess, waitForTask, type EngineProcess } from './engine-process.js';

// A scanned stack through a real engine (issue 22): two receipts of different shops back to back, a
// two-page invoice whose second page has no header, a blank back, a barcode separator, a receipt fed
// upside down. Each child must be exactly its document's pages, read and classified on those alone.
// The engine is started here rather than by the contract rig: reading a stack takes longer than its hooks allow on a busy machine.
const STEP_MS = 600_000;
const rig = { engine: undefined as unknown as EngineProcess, workspaceId: '', dir: '' };

const receipt = (shop: string, number: string, total: string) =>
  textPageJpeg([shop, 'NO 12, JALAN MERANTI', '43000 KAJANG, SELANGOR', 'TEL: 03-8736 1234', `Receipt No: ${number}`, 'Date: 12/03/2018 10:21', '', 'Nasi lemak    1   6.50', 'Teh tarik     2   4.00', '', `TOTAL         RM ${total}`, 'CASH          RM 20.00', '', 'THANK YOU, PLEASE COME AGAIN'], { width: 620, height: 1500, size: 26 });
const invoiceFirst = textPageJpeg(['INVOICE', '', 'Nordlicht Handel GmbH, Hafenstrasse 4, 20457 Hamburg', 'Tel +49 40 123456', '', 'Invoice No: RE-2025-0147', 'Invoice date: 14.02.2025', '', 'Pos  Description              Qty   Amount', '1    Office chair              2    240.00', '2    Desk lamp                 4     96.00', '3    Filing cabinet            1    180.00']);
const invoiceSecond = textPageJpeg(['4    Paper A4, 5 boxes         5     62.50', '5    Toner cartridge           2    118.00', '', 'Net amount                         696.50', 'VAT 19%                            132.34', 'Total amount due                   828.84', '', 'Payable within 30 days to DE44 2005 0550 1234 5678 90']);

let parent: FileRecord;

beforeAll(async () => {
  rig.engine = await startEngineProcess({ starter: true });
  rig.workspaceId = await defaultWorkspace(rig.engine);
  rig.dir = await mkdtemp(join(tmpdir(), 'docket-split-'));
  const pdf = await stackPdf([
    { jpeg: receipt('KEDAI RUNCIT MAJU SDN BHD', 'CS00011983', '10.50') },
    { jpeg: receipt('RESTORAN SELERA KITA', 'KSB80051978', '12.40') },
    { jpeg: blankBackJpeg(7) },
    { jpeg: invoiceFirst },
    { jpeg: invoiceSecond },
    { jpeg: separatorJpeg('barcode', 3) },
    { jpeg: receipt('POPULAR BOOK CO SDN BHD', 'PB-778120', '35.90'), upsideDown: true },
  ]);
  const path = join(rig.dir, 'stack.pdf');
  await writeFile(path, pdf);
  const { files } = await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId, split_flag: true });
  parent = await waitForTask(rig.engine.client, rig.workspaceId, files[0]!.task_id, STEP_MS);
}, STEP_MS);

afterAll(async () => {
  await rig.engine?.stop();
  if (rig.dir) await rm(rig.dir, { recursive: true, force: true });
});

const children = () => (parent.child_files ?? []).filter((c) => c.task_type === TaskType.splitChild);
const pagesOf = () => children().map((c) => c.from_parent_position_list);

describe('a scanned stack split into its documents', () => {
  it('makes one child per document: receipts of two shops apart, the headerless second page with its invoice, the blank back and the separator left out', () => {
    expect(pagesOf()).toEqual([[0], [1], [3, 4], [6]]);
  });

  it('turns the page scanned upside down, and reads and classifies each child on its own pages', async () => {
    const [first, , invoice, upsideDown] = children();
    const text = async (taskId: string) => {
      const record = (await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: taskId, with_document: true })).files[0]!;
      return (record.document?.pages ?? []).map((p) => (p.lines ?? []).map((l) => l.text).join('\n'));
    };
    expect(upsideDown!.pages[0]!.angle).toBe(180);
    expect((await text(upsideDown!.task_id)).join('\n')).toMatch(/POPULAR BOOK/);
    expect(await text(invoice!.task_id)).toHaveLength(2);
    expect((await text(first!.task_id)).join('\n')).not.toMatch(/SELERA/);
    expect(children().map((c) => c.category)).toEqual(['Receipt', 'Receipt', 'Invoice', 'Receipt']);
  });

});

describe('GET /file/split/boundaries', () => {
  it('reports each boundary with its confidence and says which pages it dropped and why (engine extra /file/split/boundaries)', async () => {
    const answer = await rig.engine.client.files.splitBoundaries({ workspace_id: rig.workspaceId, task_id: parent.task_id });
    expect(answer.decided_by).toBe('engine');
    expect(answer.dropped).toEqual([{ page: 2, reason: 'blank' }, { page: 5, reason: 'separator' }]);
    expect(answer.boundaries.map((b) => [b.page, b.starts])).toEqual([[1, true], [3, true], [4, false], [6, true]]);
    for (const b of answer.boundaries) expect(b.confidence).toBeGreaterThanOrEqual(0.5);
    expect(answer.boundaries.find((b) => b.page === 6)!.reasons).toContain('separator sheet before');
  });

  it('takes the clerk\'s split_tasks: the children are made again from the given pages and read again, and the boundaries say the clerk decided', async () => {
    const { client } = rig.engine;
    await client.files.amendCategory({ workspace_id: rig.workspaceId, task_id: parent.task_id, split_tasks: [{ category: 'Receipt', pages: [0, 1] }, { category: 'Invoice', pages: [3, 4, 6] }] });
    const again = await waitForTask(client, rig.workspaceId, parent.task_id, STEP_MS);
    const remade = (again.child_files ?? []).filter((c) => c.task_type === TaskType.splitChild);
    expect(remade.map((c) => [c.from_parent_position_list, c.category, c.recognition_status])).toEqual([
      [[0, 1], 'Receipt', 1],
      [[3, 4, 6], 'Invoice', 1],
    ]);
    expect((await client.files.splitBoundaries({ workspace_id: rig.workspaceId, task_id: parent.task_id })).decided_by).toBe('clerk');
  }, STEP_MS);

  it('refuses the boundaries of a task that was not uploaded for split, with a clear error', async () => {
    const { files } = await rig.engine.client.files.fetch({ workspace_id: rig.workspaceId, task_id: parent.task_id });
    const child = files[0]!.child_files![0]!;
    await expect(rig.engine.client.files.splitBoundaries({ workspace_id: rig.workspaceId, task_id: child.task_id })).rejects.toThrow(/not a split task/);
  });
});
