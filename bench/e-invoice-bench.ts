import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedInvoiceXml } from '../src/engine/pipeline/read/e-invoice/embedded-xml.js';
import type { InvoiceData } from '../src/shared-node/e-invoice/invoice-data.js';
import { DISAGREEING } from '../src/engine/pipeline/e-invoice/map-invoice-data.js';
import { readInvoiceXml } from '../src/shared-node/e-invoice/read-invoice-xml.js';
import { INVOICE_ERROR } from '../src/engine/pipeline/invoice/verify-invoice.js';
import { RecognitionStatus, type FileRecord } from '../src/shared/api/index.js';
import { startEngineProcess, type EngineProcess } from '../test/contract/engine-process.js';
import { alterPrintedText } from '../test/fixtures/e-invoice/altered-print.js';
import { E_INVOICE_FIXTURES } from '../test/fixtures/e-invoice/factur-x-pdf.js';
import { checkAgainstKey, type Checked } from './e-invoice/key-values.js';
import { fieldValues, HOSTILE_XML } from './e-invoice/engine-values.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';
import { cpuSeconds } from './real-documents/process-cpu.js';
import { INVOICE_CATEGORY, INVOICE_FIELDS, invoiceSample } from './real-documents/invoice-category.js';
import { EINVOICE_DIR, loadInvoices, type InvoiceKey } from './real-documents/invoice-set.js';

// npx tsx bench/e-invoice-bench.ts
// The e-invoices of ../shared/datasets/einvoice-dev read from their XML: original/ (12 PDFs carrying
// it) and xml/ (26 CII files), every value of the key counted (the XML holds them all, printed or
// not); the UBL 2.1 twins written in test/fixtures/e-invoice/ubl against their CII twins. Then over
// HTTP into a clerk's invoice category: the fields and line rows, the print check on the originals
// (false alarms) and on copies with the printed total altered (caught), hostile XML refused while the
// engine keeps serving. Reference in the same run: the same PDFs as printed only (pdf/, XML removed).
const TIMEOUT_MS = 30 * 60_000;

interface Entry {
  id: string;
  /** Path under the set (or a scratch folder). */
  file: string;
  key: InvoiceKey;
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;
const tally = (checked: readonly Checked[]) => pct(checked.filter((c) => c.right).length, checked.length);

const keys = new Map((await loadInvoices()).map((i) => [i.id, i.key]));
const originals: Entry[] = (await readdir(join(EINVOICE_DIR, 'original'))).sort().map((f) => ({ id: f.slice(0, -4), file: `original/${f}`, key: keys.get(f.slice(0, -4))! }));
const xmls: Entry[] = (await readdir(join(EINVOICE_DIR, 'xml'))).sort().map((f) => ({ id: `FX_${f.replace('.cii.xml', '')}`, file: `xml/${f}`, key: keys.get(`FX_${f.replace('.cii.xml', '')}`)! }));

/** The invoice data of a file as the engine's readers give it. */
async function dataOf(path: string): Promise<InvoiceData> {
  const bytes = new Uint8Array(await readFile(path));
  if (!path.endsWith('.pdf')) return readInvoiceXml(bytes, path).data;
  const xml = await embeddedInvoiceXml(bytes, undefined);
  if (!xml) throw new Error(`${path} carries no invoice XML`);
  return readInvoiceXml(xml.bytes, xml.name).data;
}

async function readerLevel(): Promise<void> {
  console.log(`E-invoices read from their XML (einvoice-dev), every value of the key; load ${loadAverage()}`);
  for (const [name, entries] of [['original/ (PDF + XML)', originals], ['xml/ (CII)', xmls]] as const) {
    const checked = (await Promise.all(entries.map(async (e) => checkAgainstKey(e.key, await dataOf(join(EINVOICE_DIR, e.file))).map((c) => ({ ...c, id: e.id }))))).flat();
    console.log(`  ${name.padEnd(22)} values right ${tally(checked)}; lines ${tally(checked.filter((c) => c.path.startsWith('lines.')))}`);
    for (const c of checked.filter((x) => !x.right)) console.log(`    ${c.id} ${c.path}: read ${JSON.stringify(c.found)}, key ${JSON.stringify(c.truth)}`);
  }
  const twins = (await readdir(join(E_INVOICE_FIXTURES, 'ubl'))).sort();
  let same = 0;
  for (const twin of twins) {
    const ubl = await dataOf(join(E_INVOICE_FIXTURES, 'ubl', twin));
    const cii = await dataOf(join(EINVOICE_DIR, 'xml', twin.replace('.ubl.xml', '.cii.xml')));
    const key = keys.get(`FX_${twin.replace('.ubl.xml', '')}`)!;
    const [fromUbl, fromCii] = [checkAgainstKey(key, ubl), checkAgainstKey(key, cii)];
    const agree = JSON.stringify(fromUbl.map((c) => c.found)) === JSON.stringify(fromCii.map((c) => c.found));
    if (agree) same++;
    console.log(`  UBL twin ${twin.padEnd(28)} values right ${tally(fromUbl)}; the same values as its CII twin: ${agree ? 'yes' : 'NO'}`);
  }
  console.log(`  UBL twins giving their CII twin's values: ${same}/${twins.length}`);
}

async function upload(engine: EngineProcess, workspaceId: string, dir: string, entries: readonly Entry[]) {
  const before = await cpuSeconds(engine.child.pid!);
  const run = await runBatch(engine.client, dir, workspaceId, entries, { category: INVOICE_CATEGORY.name }, TIMEOUT_MS);
  const cpu = (await cpuSeconds(engine.child.pid!)) - before;
  const { files } = await engine.client.files.fetch({ workspace_id: workspaceId, batch_number: run.records.values().next().value!.batch_number, page_size: 1000 });
  const byTask = new Map(files.map((f) => [f.task_id, f]));
  return { records: entries.map((e) => byTask.get(run.records.get(e.id)!.task_id)!), cpu, seconds: run.seconds };
}

const flagged = (record: FileRecord) => record.data?.invoiceVerifyResult?.invoiceVerifyErrorCode === INVOICE_ERROR.printDisagrees;
/** The key paths of the totals a file's fields mark as printed otherwise. */
const markedTotals = (record: FileRecord) => INVOICE_FIELDS.filter((f) => record.data?.fields?.some((x) => x.key === f.name && x.confidence === DISAGREEING)).map((f) => f.key);

async function engineLevel(engine: EngineProcess, workspaceId: string): Promise<void> {
  console.log(`Through the engine over HTTP into the category '${INVOICE_CATEGORY.name}' (fields by role, lines into its table)`);
  // The page workers and the engine's own pdf.js load on their first file: warmed before any clock.
  await upload(engine, workspaceId, EINVOICE_DIR, [originals[0]!, { ...originals[0]!, id: 'warm', file: `pdf/${originals[0]!.id}.pdf` }]);
  const reference = await upload(engine, workspaceId, EINVOICE_DIR, originals.map((e) => ({ ...e, file: `pdf/${e.id}.pdf` })));
  const runs = { original: await upload(engine, workspaceId, EINVOICE_DIR, originals), xml: await upload(engine, workspaceId, EINVOICE_DIR, xmls) };
  for (const [name, entries, run] of [['original/', originals, runs.original], ['xml/', xmls, runs.xml]] as const) {
    const failed = run.records.filter((r) => r.recognition_status !== RecognitionStatus.success);
    const checked = entries.flatMap((e, i) => fieldValues(e.key, run.records[i]!).map((c) => ({ ...c, id: e.id })));
    const fields = checked.filter((c) => !c.path.startsWith('lines.'));
    const lines = checked.filter((c) => c.path.startsWith('lines.'));
    const certain = fields.filter((c) => c.confidence === 1).length;
    console.log(`  ${name.padEnd(10)} ${entries.length} files, ${failed.length} failed; field values right ${tally(fields)} (confidence 1: ${certain}); line cells right ${tally(lines)}; ${(run.seconds / entries.length).toFixed(2)} s and ${(run.cpu / entries.length).toFixed(2)} s engine CPU per file`);
    for (const c of checked.filter((x) => !x.right)) console.log(`    ${c.id} ${c.path}: ${JSON.stringify(c.found)}, key ${JSON.stringify(c.truth)}`);
    for (const r of failed) console.log(`    failed ${r.name}: ${r.failure_causes}`);
  }
  const alarms = originals.flatMap((e, i) => (flagged(runs.original.records[i]!) ? [{ e, record: runs.original.records[i]! }] : []));
  // A false alarm marks a total the key says the page prints as the XML states it.
  const falseAlarms = alarms.filter(({ e, record }) => markedTotals(record).some((path) => e.key.printed[path]));
  console.log(`  print check on the originals: flagged ${alarms.length}/${originals.length}, false alarms ${falseAlarms.length} (a flag is genuine where the key says the page does not print the XML's totals)`);
  for (const { e, record } of alarms) console.log(`    ${e.id}: marked ${markedTotals(record).join(', ')} (printed as the XML says, per the key: ${markedTotals(record).map((p) => e.key.printed[p]).join(', ')}): ${record.data?.invoiceVerifyResult?.invoiceVerifyFailMsg}`);
  console.log(`  reference, the same ${originals.length} PDFs printed only (pdf/): ${(reference.cpu / originals.length).toFixed(2)} s engine CPU per file; ratio with the XML read and checked ${(runs.original.cpu / reference.cpu).toFixed(2)}x`);
}

/** Copies of the originals whose printed total is altered (where the page shows it as plain text), uploaded: each should be flagged. */
async function alteredCopies(engine: EngineProcess, workspaceId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-altered-'));
  const altered: Entry[] = [];
  for (const e of originals) {
    const total = e.key.grand_total!.toFixed(2);
    const printed = total.replace('.', ',');
    // The last digit before the cents turned: 529,87 -> 524,87, an amount the XML holds nowhere.
    const changed = printed.replace(/\d(?=,\d\d$)/, (d) => String((Number(d) + 5) % 10));
    const copy = alterPrintedText(new Uint8Array(await readFile(join(EINVOICE_DIR, e.file))), printed, changed, 'first');
    if (!copy) continue;
    await writeFile(join(dir, `${e.id}.pdf`), copy);
    altered.push({ ...e, file: `${e.id}.pdf` });
  }
  const { records } = await upload(engine, workspaceId, dir, altered);
  console.log(`  copies with the printed total altered (its first print) (${altered.length} of ${originals.length} originals print it as plain text): flagged ${records.filter(flagged).length}/${altered.length}`);
  for (const r of records) console.log(`    ${r.name}: ${r.data?.invoiceVerifyResult?.invoiceVerifyFailMsg ?? 'not flagged'}`);
}

async function hostile(engine: EngineProcess, workspaceId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-hostile-'));
  const entries: Entry[] = [];
  for (const [name, xml] of Object.entries(HOSTILE_XML)) {
    await writeFile(join(dir, `${name}.xml`), xml);
    entries.push({ id: name, file: `${name}.xml`, key: originals[0]!.key });
  }
  const { records } = await upload(engine, workspaceId, dir, entries);
  for (const r of records) console.log(`  hostile ${r.name}: status ${r.recognition_status}, ${r.failure_causes}`);
  const after = await upload(engine, workspaceId, EINVOICE_DIR, xmls.slice(0, 1));
  console.log(`  after them the engine still reads: ${after.records[0]!.recognition_status === RecognitionStatus.success ? 'yes' : 'NO'}`);
}

await readerLevel();
const engine = await startEngineProcess();
try {
  const { workspace_id } = await engine.client.workspaces.create({ name: 'e-invoices', auth_scope: 0 });
  await engine.client.categories.create({ workspace_id, ...INVOICE_CATEGORY, sampleFiles: [await invoiceSample(engine.dataDir)] });
  await engineLevel(engine, workspace_id);
  await alteredCopies(engine, workspace_id);
  await hostile(engine, workspace_id);
} finally {
  await engine.stop();
}
