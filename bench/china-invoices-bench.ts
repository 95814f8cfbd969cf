import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FileRecord } from '../src/shared/api/index.js';
import { defaultWorkspace, startEngineProcess } from '../test/contract/engine-process.js';
import { Rng } from './corpus/rng.js';
import { REFERENCE_DATE, isoDate } from './corpus/values.js';
import { layoutFamily, type InvoiceFamily } from './layouts/families.js';
import { generateDigitalDocument } from './layouts/generate-document.js';
import { renderOfd } from './layouts/render-ofd.js';
import { renderScanImage, renderTextPdf } from './layouts/render-document.js';
import { layoutFont } from './layouts/layout-font.js';
import { stampPdf } from './layouts/seal-stamp.js';
import { digitalInvoiceXml } from './layouts/zh-digital-xml.js';
import { scoreDigitalInvoice, type DigitalScore } from './china-invoices/digital-score.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';

// npx tsx bench/china-invoices-bench.ts [--count 20] [--scans N] [--seed 7] [--formats xml,pdf,ofd,scan] [--out dir] [--json results.json] [--engine-root <checkout>]
// China's fully digital e-invoice (数电票, issue 33): `count` generated invoices of the family
// zh-digital-invoice (kept out of every fit; special and ordinary drawn half and half), each as the tax
// bureau's XML, a text PDF with its seal, an OFD with its signed seal and a scan of the first `scans`
// (default all), uploaded over HTTP into the starter VAT invoice category (增值税发票) of a real engine.
// Prints per format and per kind the share of values right (the nine header fields) and of items right
// (every column of the row: item with its *类别*, quantity, unit price, amount, rate, tax), then each miss.
// The bar: XML 100 %, PDF and OFD >= 98 %, scans >= 95 %.
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    scans: { type: 'string' },
    seed: { type: 'string', default: '7' },
    formats: { type: 'string', default: 'xml,pdf,ofd,scan' },
    out: { type: 'string' },
    json: { type: 'string' },
    'engine-root': { type: 'string' },
  },
});
const COUNT = Number(values.count);
const SCANS = Number(values.scans ?? COUNT);
const SEED = Number(values.seed);
const FORMATS = values.formats.split(',').map((f) => f.trim()) as Format[];
const FAMILY = layoutFamily('zh-digital-invoice') as InvoiceFamily;
const TIMEOUT_MS = 60 * 60_000;

type Format = 'xml' | 'pdf' | 'ofd' | 'scan';

interface Entry {
  id: string;
  file: string;
  format: Format;
  index: number;
}

/** Every invoice in every format, its data kept for scoring. */
async function generate(dir: string) {
  const made = [];
  const entries: Entry[] = [];
  for (let index = 0; index < COUNT; index++) {
    const { doc, data, seal } = generateDigitalDocument(FAMILY, SEED, index);
    made.push({ doc, data });
    const put = async (format: Format, file: string, bytes: Uint8Array | string) => {
      if (!FORMATS.includes(format)) return;
      await writeFile(join(dir, file), bytes);
      entries.push({ id: `${doc.id}-${format}`, file, format, index });
    };
    await put('xml', `${doc.id}.xml`, digitalInvoiceXml(data));
    await put('pdf', `${doc.id}.pdf`, await stampPdf((await renderTextPdf(doc)).bytes, seal));
    await put('ofd', `${doc.id}.ofd`, renderOfd(doc.pages[0]!, layoutFont(doc.font), seal));
    if (index < SCANS && FORMATS.includes('scan')) {
      const scan = await renderScanImage(doc, new Rng(SEED).fork(index + 1));
      await put('scan', `${doc.id}-scan.${scan.format}`, scan.bytes);
    }
    await writeFile(join(dir, `${doc.id}.json`), JSON.stringify(data));
  }
  return { made, entries };
}

function report(label: string, scores: readonly DigitalScore[]): string {
  const fields = scores.flatMap((s) => s.fields);
  const items = scores.flatMap((s) => s.items);
  const share = (right: number, all: number) => (all === 0 ? '-' : `${((100 * right) / all).toFixed(1)}% (${right}/${all})`);
  const both = fields.filter((f) => f.right).length + items.filter((i) => i.right).length;
  return `  ${label.padEnd(22)} values ${share(fields.filter((f) => f.right).length, fields.length).padEnd(20)} items ${share(items.filter((i) => i.right).length, items.length).padEnd(20)} together ${share(both, fields.length + items.length)}`;
}

const dir = values.out ?? (await mkdtemp(join(tmpdir(), 'china-invoices-')));
await mkdir(dir, { recursive: true });
const started = performance.now();
const { made, entries } = await generate(dir);
console.log(`Generated ${COUNT} 数电票 (${entries.length} files) in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir}); seed ${SEED}`);
const engine = await startEngineProcess({ root: values['engine-root'], today: isoDate(REFERENCE_DATE), starter: true });
const results: Record<string, DigitalScore[]> = {};
try {
  const workspace = await defaultWorkspace(engine);
  console.log(`Through the engine of ${values['engine-root'] ?? 'this checkout'} over HTTP, category VAT invoice (增值税发票); load ${loadAverage()}`);
  for (const format of FORMATS) {
    const batch = entries.filter((e) => e.format === format);
    if (batch.length === 0) continue;
    const run = await runBatch(engine.client, dir, workspace, batch, { category: 'VAT invoice' }, TIMEOUT_MS);
    const records = new Map<string, FileRecord>();
    for (const [id, record] of run.records) records.set(id, (await engine.client.files.fetch({ workspace_id: workspace, task_id: record.task_id })).files[0]!);
    const scores = batch.map((e) => scoreDigitalInvoice(e.id, made[e.index]!.data, records.get(e.id)!));
    results[format] = scores;
    console.log(`${format} (${batch.length} files, ${run.seconds.toFixed(0)} s)`);
    for (const kind of ['special', 'ordinary'] as const) console.log(report(`电子发票 ${kind === 'special' ? '专用' : '普通'}`, scores.filter((s) => s.kind === kind)));
    console.log(report('all', scores));
    for (const s of scores) for (const miss of [...s.fields, ...s.items].filter((v) => !v.right)) console.log(`      ${s.id} ${miss.name}: ${JSON.stringify(miss.found)}, printed ${JSON.stringify(miss.truth)}`);
  }
} finally {
  await engine.stop();
}
if (values.json) await writeFile(values.json, JSON.stringify(results, null, 1));
