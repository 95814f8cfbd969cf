import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../../src/engine/engine-deps.js';
import type { DeskLanguage } from '../../../../src/engine/starter/desk-language.js';
import { JobQueue } from '../../../../src/engine/jobs/job-queue.js';
import { seedStarterContent } from '../../../../src/engine/starter/seed.js';
import { seedStarterCategories, starterCategories } from '../../../../src/engine/starter/starter-categories.js';
import { starterWorkspace } from '../../../../src/engine/starter/starter-workspace.js';
import { BlobStore } from '../../../../src/engine/store/blob-store.js';
import { loadCategoryModels } from '../../../../src/engine/store/category-models.js';
import { listSamples } from '../../../../src/engine/store/category-store.js';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { IdGenerator } from '../../../../src/engine/store/ids.js';
import { createWorkspace, ensureDefaultWorkspace } from '../../../../src/engine/store/workspace-store.js';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

/** A real store on disk, as the engine opens it (the queue is never started). */
async function engineStore(dir?: string, language: DeskLanguage = 'en'): Promise<EngineDeps & { dir: string }> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'docket-seed-')));
  if (!dir) dirs.push(root);
  const db = openEngineDb(join(root, 'engine.sqlite'));
  const blobs = new BlobStore(join(root, 'originals'));
  await blobs.init();
  const deps: EngineDeps = { db, ids: new IdGenerator(), blobs, queue: new JobQueue(db), tempDir: root, now: Date.now };
  ensureDefaultWorkspace(deps, starterWorkspace(language));
  return { ...deps, dir: root };
}

const defaultWorkspace = (deps: EngineDeps) => (deps.db.prepare('SELECT id FROM workspaces ORDER BY created_at LIMIT 1').get() as { id: string }).id;

describe('seedStarterCategories', () => {
  it('adds the five starter categories (the Chinese VAT invoice, a generic Invoice, Receipt, Purchase order, the 数电票 travel tickets) with their fields, tables and a sample each', async () => {
    const deps = await engineStore();
    await seedStarterCategories(deps, defaultWorkspace(deps), 'en');
    const categories = loadCategoryModels(deps, defaultWorkspace(deps), { enabledOnly: true });
    expect(categories.map((c) => c.name)).toEqual(['VAT invoice', 'Invoice', 'Receipt', 'Purchase order', 'Travel e-ticket']);
    const invoice = categories[0]!;
    expect(invoice.fields.map((f) => f.name)).toEqual(['Invoice code', 'Invoice number', 'Invoice date', 'Buyer name', 'Buyer tax ID', 'Seller name', 'Seller tax ID', 'Amount', 'Tax', 'Total', 'Check code', 'Invoice kind', 'Drawer', 'Remark']);
    // One category for the older invoice and the 数电票: the fields one of them does not print say so.
    expect(invoice.fields.filter((f) => /数电票 prints none/u.test(f.definition.description ?? '')).map((f) => f.name)).toEqual(['Invoice code', 'Check code']);
    expect(invoice.fields.find((f) => f.name === 'Invoice date')!.definition).toMatchObject({ alias: ['开票日期'], transform_settings: { datetime_settings: { format: 'YYYY-MM-DD' } } });
    expect(invoice.tables.map((t) => [t.name, t.fields.map((f) => f.name)])).toEqual([['Line items', ['Item', 'Quantity', 'Unit price', 'Amount', 'Tax rate', 'Tax']]]);
    expect(invoice.categoryPrompt).toContain('增值税发票');
    const ticket = categories[4]!;
    expect(ticket.fields.map((f) => f.name)).toEqual(['Invoice number', 'Invoice date', 'Passenger', 'ID number', 'Travel date', 'Train or flight number', 'Seat class', 'Fare', 'Fuel surcharge', 'Development fund', 'Total', 'E-ticket number', 'Buyer name', 'Buyer tax ID']);
    expect(ticket.categoryPrompt).toContain('电子发票（铁路电子客票）');
    expect(ticket.categoryPrompt).toContain('电子发票（航空运输电子客票行程单）');
    const generic = categories[1]!;
    expect(generic.fields.map((f) => f.definition.identity)).toEqual(['invoice_number', 'invoice_date', 'due_date', 'seller_name', 'seller_address', 'seller_tax_id', 'buyer_name', 'buyer_address', 'subtotal', 'tax', 'total', 'currency']);
    expect(generic.fields.find((f) => f.name === 'Invoice number')!.definition.alias).toEqual(expect.arrayContaining(['Rechnungsnummer', 'Numéro de facture', '請求書番号']));
    expect(generic.tables.map((t) => [t.name, t.fields.map((f) => f.name)])).toEqual([['Line items', ['Description', 'Quantity', 'Unit price', 'Amount']]]);
    for (const category of categories) {
      const [sample] = listSamples(deps, category.id).rows;
      expect((await deps.blobs.read(sample!.blob)).toString('utf8')).toContain(category.name);
      expect(category.sampleTexts[0]).toContain(category.fields[0]!.name);
    }
  });

  it('leaves categories whose names are taken alone, so seeding twice adds nothing', async () => {
    const deps = await engineStore();
    const workspace = createWorkspace(deps, { name: 'second', auth_scope: 0 });
    await seedStarterCategories(deps, workspace, 'en');
    await seedStarterCategories(deps, workspace, 'en');
    expect(loadCategoryModels(deps, workspace, { enabledOnly: false })).toHaveLength(starterCategories('en').length);
  });
});

describe('seedStarterCategories on a zh-CN desk', () => {
  it('names the categories, their fields and tables in Chinese, with the English names as aliases and the same identities', async () => {
    const deps = await engineStore(undefined, 'zh-CN');
    await seedStarterCategories(deps, defaultWorkspace(deps), 'zh-CN');
    const categories = loadCategoryModels(deps, defaultWorkspace(deps), { enabledOnly: true });
    expect(categories.map((c) => c.name)).toEqual(['增值税发票', '商业发票', '收据', '采购订单', '电子客票']);
    const invoice = categories[0]!;
    expect(invoice.fields.map((f) => f.name)).toEqual(['发票代码', '发票号码', '开票日期', '购买方名称', '购买方纳税人识别号', '销售方名称', '销售方纳税人识别号', '合计金额', '合计税额', '价税合计', '校验码', '发票种类', '开票人', '备注']);
    expect(invoice.fields.find((f) => f.name === '开票日期')!.definition).toMatchObject({ alias: ['Invoice date'], identity: 'invoice_date' });
    expect(invoice.fields.find((f) => f.name === '合计金额')!.definition.alias).toEqual(['Amount', '金额合计']);
    expect(invoice.tables.map((t) => [t.name, t.fields.map((f) => f.definition.alias![0])])).toEqual([['货物明细', ['Item', 'Quantity', 'Unit price', 'Amount', 'Tax rate', 'Tax']]]);
    const english = starterCategories('en');
    expect(categories.map((c) => c.fields.map((f) => f.definition.identity))).toEqual(english.map((c) => c.fields.map((f) => f.identity)));
  });

  it('names the default workspace in Chinese', async () => {
    const deps = await engineStore(undefined, 'zh-CN');
    expect(deps.db.prepare('SELECT name FROM workspaces').all()).toEqual([{ name: '我的工作空间' }]);
  });
});

describe('seedStarterContent', () => {
  it('seeds the default workspace on the first start only: a deleted starter category does not come back', async () => {
    const first = await engineStore();
    await seedStarterContent(first, 'en');
    const workspace = defaultWorkspace(first);
    expect(loadCategoryModels(first, workspace, { enabledOnly: false })).toHaveLength(starterCategories('en').length);
    first.db.prepare("DELETE FROM categories WHERE name = 'Receipt'").run();
    first.db.close();
    const again = await engineStore(first.dir);
    await seedStarterContent(again, 'en');
    expect(loadCategoryModels(again, workspace, { enabledOnly: false }).map((c) => c.name)).toEqual(['VAT invoice', 'Invoice', 'Purchase order', 'Travel e-ticket']);
    again.db.close();
  });
});
