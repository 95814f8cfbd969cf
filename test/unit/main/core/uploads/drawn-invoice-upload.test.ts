import { access, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { checkXmlInvoice, drawnPdfFile } from '../../../../../src/main/core/uploads/drawn-invoice-upload.js';
import { preflight } from '../../../../../src/main/core/uploads/preflight.js';
import { E_INVOICE_FIXTURES } from '../../../../fixtures/e-invoice/factur-x-pdf.js';
import { pdfContents } from '../../../../support/pdf-contents.js';
import { tempCache } from '../store/cache-fixture.js';

const CII = join(E_INVOICE_FIXTURES, 'nordlicht.cii.xml');
const UBL = join(E_INVOICE_FIXTURES, 'nordlicht-credit.ubl.xml');

let dir: string;
let cache: CacheDb;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-drawn-upload-'));
  cache = tempCache();
});
afterAll(() => cache.close());

async function drawn(path: string) {
  const file = await drawnPdfFile(path, basename(path));
  const contents = await pdfContents(new Uint8Array(await readFile(file.path)));
  await file.remove();
  return { file, contents };
}

describe('an XML invoice sent to a cloud account', () => {
  it('becomes a PDF whose page shows the invoice and whose factur-x.xml is the CII file byte for byte', async () => {
    const { file, contents } = await drawn(CII);
    expect(file.fileName).toBe('nordlicht.cii.pdf');
    const page = contents.pages.join('\n');
    for (const printed of ['Invoice', 'RE-2024-117', 'Nordlicht Werkstatt GmbH', 'Bergblick Hotel KG', 'Wartung Heizung', 'Ersatzteil Pumpe', '350.00', '66.50', '416.50']) expect(page).toContain(printed);
    expect([...contents.attachments.keys()]).toEqual(['factur-x.xml']);
    expect(Buffer.from(contents.attachments.get('factur-x.xml')!).equals(await readFile(CII))).toBe(true);
    // The temporary PDF is gone once the upload is over.
    await expect(access(file.path)).rejects.toThrow();
  });

  it('draws a UBL credit note too, carrying the UBL under its own name (Factur-X carries CII only)', async () => {
    const { file, contents } = await drawn(UBL);
    expect(file.fileName).toBe('nordlicht-credit.ubl.pdf');
    expect(contents.pages.join('\n')).toContain('Credit note');
    expect(contents.pages.join('\n')).toContain('GS-2024-009');
    expect([...contents.attachments.keys()]).toEqual(['ubl-invoice.xml']);
    expect(Buffer.from(contents.attachments.get('ubl-invoice.xml')!).equals(await readFile(UBL))).toBe(true);
  });

  it('says how each syntax is sent: CII as Factur-X, UBL as a drawn PDF', async () => {
    expect(await checkXmlInvoice(CII, 'nordlicht.cii.xml')).toEqual({ ok: true, sentAs: 'factur-x' });
    expect(await checkXmlInvoice(UBL, 'nordlicht-credit.ubl.xml')).toEqual({ ok: true, sentAs: 'drawn-pdf' });
  });

  it('refuses a malformed XML and an XML that is no invoice before upload, naming the file and why', async () => {
    const broken = join(dir, 'broken.xml');
    await writeFile(broken, (await readFile(CII, 'utf8')).slice(0, 600));
    const check = await checkXmlInvoice(broken, 'broken.xml');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(/^broken\.xml .*not sent to the cloud/);

    const order = join(dir, 'order.xml');
    await writeFile(order, '<?xml version="1.0"?><Order><ID>1</ID></Order>');
    const refused = await preflight(cache.local, order, 'w1', undefined, { xmlAsDrawnPdf: true });
    expect(refused).toMatchObject({ blocked: true, warnings: [{ code: 'unreadable' }] });
    expect(refused.warnings[0]!.message).toContain('<Order>');
    expect(refused.sent_as).toBeUndefined();
  });

  it('pre-flights an XML invoice for a cloud account as sent as Factur-X, and for the local engine as it is', async () => {
    expect(await preflight(cache.local, CII, 'w1', undefined, { xmlAsDrawnPdf: true })).toMatchObject({ format: 'xml', blocked: false, warnings: [], sent_as: 'factur-x' });
    const local = await preflight(cache.local, CII, 'w1');
    expect(local).toMatchObject({ format: 'xml', blocked: false, warnings: [] });
    expect(local.sent_as).toBeUndefined();
  });
});
