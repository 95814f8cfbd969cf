import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../../src/engine/engine-deps.js';
import { JobQueue } from '../../../../src/engine/jobs/job-queue.js';
import { seedStarterContent } from '../../../../src/engine/starter/seed.js';
import { seedStarterCategories, STARTER_CATEGORIES } from '../../../../src/engine/starter/starter-categories.js';
import { BlobStore } from '../../../../src/engine/store/blob-store.js';
import { loadCategoryModels } from '../../../../src/engine/store/category-models.js';
import { listSamples } from '../../../../src/engine/store/category-store.js';
import { openEngineDb } from '../../../../src/engine/store/database.js';
import { IdGenerator } from '../../../../src/engine/store/ids.js';
import { createWorkspace, ensureDefaultWorkspace } from '../../../../src/engine/store/workspace-store.js';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

/** A real store on disk, as the engine opens it (the queue is never started). */
async function engineStore(dir?: string): Promise<EngineDeps & { dir: string }> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'docket-seed-')));
  if (!dir) dirs.push(root);
  const db = openEngineDb(join(root, 'engine.sqlite'));
  const blobs = new BlobStore(join(root, 'originals'));
  await blobs.init();
  const deps: EngineDeps = { db, ids: new IdGenerator(), blobs, queue: new JobQueue(db), tempDir: root, now: Date.now };
  ensureDefaultWorkspace(deps);
  return { ...deps, dir: root };
}

const defaultWorkspace = (deps: EngineDeps) => (deps.db.prepare('SELECT id FROM workspaces ORDER BY created_at LIMIT 1').get() as { id: string }).id;

describe('seedStarterCategories', () => {
  it('adds the four starter categories (the Chinese VAT invoice, a generic Invoice, Receipt, Purchase order) with their fields, tables and a sample each', async () => {
    const deps = await engineStore();
    await seedStarterCategories(deps, defaultWorkspace(deps));
    const categories = loadCategoryModels(deps, defaultWorkspace(deps), { enabledOnly: true });
    expect(categories.map((c) => c.name)).toEqual(['VAT invoice', 'Invoice', 'Receipt', 'Purchase order']);
    const invoice = categories[0]!;
    expect(invoice.fields.map((f) => f.name)).toEqual(['Invoice code', 'Invoice number', 'Invoice date', 'Buyer name', 'Buyer tax ID', 'Seller name', 'Seller tax ID', 'Amount', 'Tax', 'Total', 'Check code']);
    expect(invoice.fields.find((f) => f.name === 'Invoice date')!.definition).toMatchObject({ alias: ['开票日期'], transform_settings: { datetime_settings: { format: 'YYYY-MM-DD' } } });
    expect(invoice.tables.map((t) => [t.name, t.fields.map((f) => f.name)])).toEqual([['Line items', ['Item', 'Quantity', 'Unit price', 'Amount', 'Tax rate', 'Tax']]]);
    expect(invoice.categoryPrompt).toContain('增值税发票');
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
    await seedStarterCategories(deps, workspace);
    await seedStarterCategories(deps, workspace);
    expect(loadCategoryModels(deps, workspace, { enabledOnly: false })).toHaveLength(STARTER_CATEGORIES.length);
  });
});

describe('seedStarterContent', () => {
  it('seeds the default workspace on the first start only: a deleted starter category does not come back', async () => {
    const first = await engineStore();
    await seedStarterContent(first);
    const workspace = defaultWorkspace(first);
    expect(loadCategoryModels(first, workspace, { enabledOnly: false })).toHaveLength(STARTER_CATEGORIES.length);
    first.db.prepare("DELETE FROM categories WHERE name = 'Receipt'").run();
    first.db.close();
    const again = await engineStore(first.dir);
    await seedStarterContent(again);
    expect(loadCategoryModels(again, workspace, { enabledOnly: false }).map((c) => c.name)).toEqual(['VAT invoice', 'Invoice', 'Purchase order']);
    again.db.close();
  });
});
