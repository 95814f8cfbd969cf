import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadSentAs } from '../../../shared/ipc/channels/uploads.js';
import { ProcessingFailure } from '../../../shared-node/processing-failure.js';
import { CoreError } from '../core-error.js';

/**
 * The cloud service reads no XML: with a cloud account an XML e-invoice is sent as the PDF the local
 * engine draws for it (the same code, src/shared-node), its XML attached, so the cloud reads the page
 * and the data travels with it. CII is attached as factur-x.xml (Factur-X); UBL as ubl-invoice.xml,
 * because Factur-X carries CII only and a reader opening factur-x.xml expects CII.
 */
// The readers and the PDF writer are loaded when an XML invoice is first met: at the core's start
// they cost about a second and 35 MB, which every desk and every drain would pay for a rare file.
const readers = () => import('../../../shared-node/e-invoice/read-invoice-xml.js');
const drawing = () => import('../../../shared-node/e-invoice/drawn-invoice-pdf.js');

export type XmlInvoiceCheck = { ok: true; sentAs: UploadSentAs } | { ok: false; message: string };

/** Reads the XML as the engine would: how it will be sent, or why it cannot be. */
export async function checkXmlInvoice(path: string, name: string): Promise<XmlInvoiceCheck> {
  try {
    const { data } = (await readers()).readInvoiceXml(await readFile(path), name);
    return { ok: true, sentAs: data.syntax === 'CII' ? 'factur-x' : 'drawn-pdf' };
  } catch (error) {
    if (error instanceof ProcessingFailure) return { ok: false, message: `${error.message} It is not sent to the cloud, which reads no XML; the file stays where it is.` };
    throw error;
  }
}

/** The name the drawn PDF is sent under: the XML's name with .pdf for .xml. */
export function drawnPdfName(fileName: string): string {
  return `${fileName.replace(/\.xml$/i, '')}.pdf`;
}

export interface DrawnPdfFile {
  path: string;
  fileName: string;
  /** Removes the PDF once sent (or not). */
  remove(): Promise<void>;
}

/** The drawn PDF of an XML invoice, written to a private temporary folder (mode 0700) for the upload to stream. */
export async function drawnPdfFile(xmlPath: string, fileName: string): Promise<DrawnPdfFile> {
  let pdf: Uint8Array;
  try {
    pdf = (await (await drawing()).drawnInvoicePdf(await readFile(xmlPath))).pdf;
  } catch (error) {
    // Changed since it was checked: the clerk is told, and the file is left as it is.
    if (error instanceof ProcessingFailure) throw new CoreError('REJECTED', `${fileName}: ${error.message}`);
    throw error;
  }
  const dir = await mkdtemp(join(tmpdir(), 'docket-drawn-'));
  const name = drawnPdfName(fileName);
  await writeFile(join(dir, name), pdf);
  return { path: join(dir, name), fileName: name, remove: () => rm(dir, { recursive: true, force: true }) };
}
