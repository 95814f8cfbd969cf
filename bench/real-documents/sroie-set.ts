import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The shared development set of real receipts (see its README): scans, a clerk's four values, OCR words. */
export const SROIE_DIR = resolve(import.meta.dirname, '../../../shared/datasets/sroie-dev');

// Two receipts of the set lack a value (an address, a total): such a value is not scored.
const ReceiptKeys = z.object({ company: z.string().optional(), date: z.string().optional(), address: z.string().optional(), total: z.string().optional() });
export type ReceiptKeys = z.infer<typeof ReceiptKeys>;
export const RECEIPT_FIELDS = ['company', 'date', 'address', 'total'] as const;

export interface Receipt {
  id: string;
  image: string;
  keys: ReceiptKeys;
  /** The printed text lines of the receipt, as the dataset transcribed them. */
  lines: string[];
}

/** Every receipt of the set, in file order. */
export async function loadReceipts(dir = SROIE_DIR): Promise<Receipt[]> {
  const ids = (await readdir(join(dir, 'key'))).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  return Promise.all(
    ids.map(async (id) => ({
      id,
      image: join(dir, 'img', `${id}.jpg`),
      keys: ReceiptKeys.parse(JSON.parse(await readFile(join(dir, 'key', `${id}.json`), 'utf8'))),
      lines: linesOf(await readFile(join(dir, 'box', `${id}.csv`), 'utf8')),
    })),
  );
}

// A row is eight coordinates and the text, which may itself hold commas.
function linesOf(csv: string): string[] {
  return csv
    .split(/\r?\n/)
    .map((row) => row.split(',').slice(8).join(',').trim())
    .filter((text) => text !== '');
}
