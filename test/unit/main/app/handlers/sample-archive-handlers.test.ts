import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleArchiveHandlers } from '../../../../../src/main/app/handlers/sample-archive-handlers.js';
import { defaultWorkspace, startEngineProcess, type EngineProcess } from '../../../../contract/engine-process.js';
import { tempDir } from '../../../../sync/sync-harness.js';

let engine: EngineProcess;
let exportsDir: string;
let ref: { workspace_id: string; category_id: string };

beforeAll(async () => {
  engine = await startEngineProcess();
  const dir = await tempDir('docket-sample-archive-');
  exportsDir = join(dir, 'exports');
  const sample = join(dir, 'invoice.txt');
  await writeFile(sample, 'INVOICE\nInvoice number 7\nTotal 5.00\n');
  const workspace_id = await defaultWorkspace(engine);
  ref = { workspace_id, category_id: (await engine.client.categories.create({ workspace_id, name: 'Invoices', fields: [{ name: 'Number' }], sampleFiles: [sample] })).category_id };
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

describe('downloading the samples of a category as one archive', () => {
  it('writes the ZIP the engine answers into the exports folder and tells where', async () => {
    const download = sampleArchiveHandlers({ clients: { forActive: async () => engine.client }, exportsDir })['categories.downloadSamples']!;
    const saved = await download(ref);
    expect(saved.path.startsWith(exportsDir)).toBe(true);
    expect(saved.path.endsWith('.zip')).toBe(true);
    expect(execFileSync('unzip', ['-Z1', saved.path], { encoding: 'utf8' }).trim()).toBe('invoice.txt');
    expect(execFileSync('unzip', ['-p', saved.path, 'invoice.txt'], { encoding: 'utf8' })).toBe('INVOICE\nInvoice number 7\nTotal 5.00\n');
    expect(saved.bytes).toBeGreaterThan(0);
  });
});
