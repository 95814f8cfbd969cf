import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FileRecord } from '../src/shared/api/index.js';
import { defaultWorkspace, startEngineProcess } from '../test/contract/engine-process.js';
import { Rng } from './corpus/rng.js';
import { REFERENCE_DATE, isoDate } from './corpus/values.js';
import { layoutFamily, type InvoiceFamily } from './layouts/families.js';
import type { LayoutDocument, Box } from './layouts/layout-document.js';
import { generateDigitalDocument, generatePaperDocument, generateTicketDocument } from './layouts/generate-document.js';
import { renderOfd } from './layouts/render-ofd.js';
import { renderScanImage, renderTextPdf } from './layouts/render-document.js';
import { layoutFont } from './layouts/layout-font.js';
import { stampPdf } from './layouts/seal-stamp.js';
import { digitalInvoiceXml } from './layouts/zh-digital-xml.js';
import { scoreDigitalInvoice, type DigitalScore, type ScoredDigitalValue } from './china-invoices/digital-score.js';
import { scoreTicket, type TicketScore } from './china-invoices/ticket-score.js';
import { scorePaperInvoice, type PaperScore } from './china-invoices/paper-score.js';
import type { PaperVatInvoice } from './layouts/zh-vat-paper-data.js';
import type { DigitalInvoice } from './layouts/zh-digital-data.js';
import type { DigitalTicket } from './layouts/zh-ticket-data.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';

// npx tsx bench/china-invoices-bench.ts [--count 20] [--scans N] [--seed 7] [--variants invoice,rail,air,paper] [--formats xml,pdf,ofd,scan] [--out dir] [--json results.json] [--engine-root <checkout>]
// China's invoices (issue 33), four variants, each `count` generated documents of a family kept out of
// every fit:
// - invoice (zh-digital-invoice; special and ordinary drawn half and half): as the tax bureau's XML, a
//   text PDF with its seal, an OFD with its signed seal and a scan, into the starter VAT invoice category
//   (增值税发票); values are the nine header fields, items every column of a row (item with its *类别*,
//   quantity, unit price, amount, rate, tax), and apart the three fields for what both the 数电票 and the
//   older invoice print (invoice kind, 开票人, 备注);
// - rail (zh-rail-ticket) and air (zh-air-itinerary): as text PDF, OFD and scan (no XML of the tickets is
//   written), into the starter Travel e-ticket category (电子客票); values are its fourteen fields;
// - paper (zh-vat-paper): the older VAT invoice, paper 专用 and 普通 forms filled off their boxes in coloured
//   form ink under seals, and the electronic 普通 form, as text PDF and scan, into 增值税发票; values are the
//   nine header fields with 发票代码 and 校验码, items the rows the grid prints (one for a 销货清单), and apart
//   开票人, 备注 and that neither 机器编号 nor the 密码区 is a value; the seller's seal read with its name is counted.
// Uploaded over HTTP to a real engine; scans of the first `scans` of each (default all). Prints per
// variant, format and kind the share of values (and items) right, then each miss.
// The bar: XML 100 %, PDF and OFD >= 98 %, scans >= 95 %.
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    scans: { type: 'string' },
    seed: { type: 'string', default: '7' },
    variants: { type: 'string', default: 'invoice,rail,air,paper' },
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
const VARIANTS = values.variants.split(',').map((v) => v.trim()) as Variant[];
const TIMEOUT_MS = 60 * 60_000;

type Format = 'xml' | 'pdf' | 'ofd' | 'scan';
type Variant = 'invoice' | 'rail' | 'air' | 'paper';

/** Each variant's family, the starter category it is read into, and the formats it is issued in. */
const VARIANT: Record<Variant, { family: string; category: string; formats: readonly Format[] }> = {
  invoice: { family: 'zh-digital-invoice', category: 'VAT invoice', formats: ['xml', 'pdf', 'ofd', 'scan'] },
  rail: { family: 'zh-rail-ticket', category: 'Travel e-ticket', formats: ['pdf', 'ofd', 'scan'] },
  air: { family: 'zh-air-itinerary', category: 'Travel e-ticket', formats: ['pdf', 'ofd', 'scan'] },
  paper: { family: 'zh-vat-paper', category: 'VAT invoice', formats: ['pdf', 'scan'] },
};

type Made =
  | { variant: 'invoice'; doc: LayoutDocument; data: DigitalInvoice; seal: Box }
  | { variant: 'rail' | 'air'; doc: LayoutDocument; data: DigitalTicket; seal: Box }
  | { variant: 'paper'; doc: LayoutDocument; data: PaperVatInvoice; seal: Box };

interface Entry {
  id: string;
  file: string;
  variant: Variant;
  format: Format;
  index: number;
}

function make(variant: Variant, index: number): Made {
  const family = layoutFamily(VARIANT[variant].family) as InvoiceFamily;
  if (variant === 'invoice') return { variant, ...generateDigitalDocument(family, SEED, index) };
  if (variant === 'paper') return { variant, ...generatePaperDocument(family, SEED, index) };
  return { variant, ...generateTicketDocument(family, SEED, index) };
}

/** Every document of every variant in every format it is issued in, its data kept for scoring. */
async function generate(dir: string) {
  const made = new Map<string, Made>();
  const entries: Entry[] = [];
  for (const variant of VARIANTS) {
    for (let index = 0; index < COUNT; index++) {
      const m = make(variant, index);
      const { doc, seal } = m;
      made.set(doc.id, m);
      const formats = VARIANT[variant].formats.filter((f) => FORMATS.includes(f));
      const put = async (format: Format, file: string, bytes: () => Promise<Uint8Array | string> | Uint8Array | string) => {
        if (!formats.includes(format)) return;
        await writeFile(join(dir, file), await bytes());
        entries.push({ id: `${doc.id}-${format}`, file, variant, format, index });
      };
      if (m.variant === 'invoice') await put('xml', `${doc.id}.xml`, () => digitalInvoiceXml(m.data));
      await put('pdf', `${doc.id}.pdf`, async () => stampPdf((await renderTextPdf(doc)).bytes, seal));
      await put('ofd', `${doc.id}.ofd`, () => renderOfd(doc.pages[0]!, layoutFont(doc.font), seal));
      if (index < SCANS && formats.includes('scan')) {
        const scan = await renderScanImage(doc, new Rng(SEED).fork(index + 1));
        await put('scan', `${doc.id}-scan.${scan.format}`, () => scan.bytes);
      }
      await writeFile(join(dir, `${doc.id}.json`), JSON.stringify(m.data));
    }
  }
  return { made, entries };
}

const share = (right: number, all: number) => (all === 0 ? '-' : `${((100 * right) / all).toFixed(1)}% (${right}/${all})`);
const PAPER_OWN = 'kind, 开票人, 备注, 机器编号 and 密码区 no value';
const rights = (list: readonly ScoredDigitalValue[]) => list.filter((v) => v.right).length;

function invoiceReport(label: string, scores: readonly DigitalScore[], ownLabel = 'kind, 开票人, 备注'): string {
  const fields = scores.flatMap((s) => s.fields);
  const items = scores.flatMap((s) => s.items);
  const own = scores.flatMap((s) => s.own);
  return `  ${label.padEnd(22)} values ${share(rights(fields), fields.length).padEnd(20)} items ${share(rights(items), items.length).padEnd(20)} together ${share(rights(fields) + rights(items), fields.length + items.length).padEnd(20)} ${ownLabel} ${share(rights(own), own.length)}`;
}

function ticketReport(label: string, scores: readonly TicketScore[]): string {
  const fields = scores.flatMap((s) => s.fields);
  return `  ${label.padEnd(22)} values ${share(rights(fields), fields.length)}`;
}

/** Per field, how many of the documents have it right: where a variant's misses are. */
function fieldTally(scores: readonly TicketScore[]): string {
  const names = [...new Set(scores.flatMap((s) => s.fields.map((f) => f.name)))];
  return `  per field: ${names.map((n) => `${n} ${scores.filter((s) => s.fields.find((f) => f.name === n)?.right).length}/${scores.length}`).join(', ')}`;
}

const dir = values.out ?? (await mkdtemp(join(tmpdir(), 'china-invoices-')));
await mkdir(dir, { recursive: true });
const started = performance.now();
const { made, entries } = await generate(dir);
console.log(`Generated ${COUNT} of each of ${VARIANTS.join(', ')} (${entries.length} files) in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir}); seed ${SEED}`);
const engine = await startEngineProcess({ root: values['engine-root'], today: isoDate(REFERENCE_DATE), starter: true });
const results: Record<string, (DigitalScore | TicketScore | PaperScore)[]> = {};
try {
  const workspace = await defaultWorkspace(engine);
  console.log(`Through the engine of ${values['engine-root'] ?? 'this checkout'} over HTTP, categories VAT invoice (增值税发票) and Travel e-ticket (电子客票); load ${loadAverage()}`);
  for (const variant of VARIANTS) {
    for (const format of FORMATS) {
      const batch = entries.filter((e) => e.variant === variant && e.format === format);
      if (batch.length === 0) continue;
      const run = await runBatch(engine.client, dir, workspace, batch, { category: VARIANT[variant].category }, TIMEOUT_MS);
      const records = new Map<string, FileRecord>();
      for (const [id, record] of run.records) records.set(id, (await engine.client.files.fetch({ workspace_id: workspace, task_id: record.task_id })).files[0]!);
      console.log(`${variant} ${format} (${batch.length} files, ${run.seconds.toFixed(0)} s)`);
      const misses: string[] = [];
      const miss = (id: string, list: readonly ScoredDigitalValue[]) => list.filter((v) => !v.right).forEach((v) => misses.push(`      ${id} ${v.name}: ${JSON.stringify(v.found)}, printed ${JSON.stringify(v.truth)}`));
      if (variant === 'invoice') {
        const scores = batch.map((e) => {
          const m = made.get(e.id.slice(0, -format.length - 1))!;
          return scoreDigitalInvoice(e.id, m.data as DigitalInvoice, records.get(e.id)!);
        });
        results[`${variant}-${format}`] = scores;
        for (const kind of ['special', 'ordinary'] as const) console.log(invoiceReport(`电子发票 ${kind === 'special' ? '专用' : '普通'}`, scores.filter((s) => s.kind === kind)));
        console.log(invoiceReport('all', scores));
        for (const s of scores) miss(s.id, [...s.fields, ...s.items, ...s.own]);
      } else if (variant === 'paper') {
        const scores = batch.map((e) => scorePaperInvoice(e.id, made.get(e.id.slice(0, -format.length - 1))!.data as PaperVatInvoice, records.get(e.id)!));
        results[`${variant}-${format}`] = scores;
        for (const form of ['special', 'ordinary', 'electronic'] as const) console.log(invoiceReport(`增值税${{ special: '专用', ordinary: '普通', electronic: '电子普通' }[form]}发票`, scores.filter((s) => s.form === form), PAPER_OWN));
        console.log(invoiceReport('all', scores, PAPER_OWN));
        console.log(`  seller's seal found with its name: ${share(scores.filter((s) => s.sealRead).length, scores.length)}`);
        for (const s of scores) miss(s.id, [...s.fields, ...s.items, ...s.own]);
      } else {
        const scores = batch.map((e) => {
          const m = made.get(e.id.slice(0, -format.length - 1))!;
          return scoreTicket(e.id, m.data as DigitalTicket, records.get(e.id)!);
        });
        results[`${variant}-${format}`] = scores;
        console.log(ticketReport(variant === 'rail' ? '铁路电子客票' : '航空运输电子客票行程单', scores));
        console.log(fieldTally(scores));
        for (const s of scores) miss(s.id, s.fields);
      }
      for (const line of misses) console.log(line);
    }
  }
} finally {
  await engine.stop();
}
if (values.json) await writeFile(values.json, JSON.stringify(results, null, 1));
