import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Rng } from '../corpus/rng.js';

export const DATASETS = resolve(import.meta.dirname, '../../../shared/datasets');
const RECEIPTS = join(DATASETS, 'sroie-dev/img');
const INVOICES = join(DATASETS, 'einvoice-dev/scan');

/** Where a sheet of the stack comes from; `id` names the receipt, the invoice or the generated sheet. */
export type SheetSource =
  | { kind: 'receipt'; id: string; file: string }
  | { kind: 'invoice'; id: string; file: string; page: number }
  | { kind: 'blank'; id: string }
  | { kind: 'separator'; id: string; style: SeparatorStyle };

export type SeparatorStyle = 'barcode' | 'patch' | 'word';

export type StackPage = { source: SheetSource; upsideDown: boolean };

/** One document of the stack: its pages (0-based in the stack) and what it is. */
export type StackDocument = { kind: 'receipt' | 'invoice'; id: string; pages: number[] };

export type StackPlan = { seed: number; pages: StackPage[]; documents: StackDocument[] };

/** Composition of a stack, as the issue sets it: one sheet in four has a blank back; one stack in three has barcode separators. */
export const STACK_MIX = { blankBackShare: 0.25, separatorStackShare: 1 / 3, upsideDownShare: 0.04, invoiceShare: 0.4 } as const;

/** The sources the stacks draw from: every receipt scan and every scanned invoice with its page count. */
export type SourceSets = { receipts: string[]; invoices: { id: string; pages: number }[] };

export function listSources(pageCount: (file: string) => number): SourceSets {
  const receipts = readdirSync(RECEIPTS).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).sort();
  const invoices = readdirSync(INVOICES).filter((f) => f.endsWith('.pdf')).sort().map((f) => ({ id: f.slice(0, -4), pages: pageCount(join(INVOICES, f)) }));
  return { receipts, invoices };
}

/**
 * A stack of about `targetPages` scanned pages: receipts and invoices of one to four pages in a
 * seeded shuffle, each sheet with a blank back by chance, separator sheets before documents in a
 * third of the stacks, a few sheets fed upside down. Documents are drawn without repeats.
 */
export function planStack(seed: number, targetPages: number, sources: SourceSets): StackPlan {
  const rng = new Rng(seed);
  const receipts = shuffled(rng, sources.receipts);
  const invoices = shuffled(rng, sources.invoices);
  const separators = rng.chance(STACK_MIX.separatorStackShare);
  const pages: StackPage[] = [];
  const documents: StackDocument[] = [];
  const sheet = (source: SheetSource) => {
    const index = pages.push({ source, upsideDown: rng.chance(STACK_MIX.upsideDownShare) }) - 1;
    if (rng.chance(STACK_MIX.blankBackShare)) pages.push({ source: { kind: 'blank', id: `back-${rng.int(0, SHEET_VARIANTS - 1)}` }, upsideDown: false });
    return index;
  };
  while (pages.length < targetPages && (receipts.length > 0 || invoices.length > 0)) {
    if (separators && documents.length > 0) {
      const style = rng.pick<SeparatorStyle>(['barcode', 'barcode', 'patch', 'word']);
      pages.push({ source: { kind: 'separator', id: `${style}-${rng.int(0, SHEET_VARIANTS - 1)}`, style }, upsideDown: false });
    }
    const invoice = rng.chance(STACK_MIX.invoiceShare) ? invoices.pop() : undefined;
    if (invoice) {
      const own = Array.from({ length: invoice.pages }, (_, page) => sheet({ kind: 'invoice', id: invoice.id, file: join(INVOICES, `${invoice.id}.pdf`), page }));
      documents.push({ kind: 'invoice', id: invoice.id, pages: own });
    } else {
      const receipt = receipts.pop();
      if (!receipt) continue;
      documents.push({ kind: 'receipt', id: receipt, pages: [sheet({ kind: 'receipt', id: receipt, file: join(RECEIPTS, `${receipt}.jpg`) })] });
    }
  }
  return { seed, pages, documents };
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Blank backs and separator sheets come in this many drawn variants each (a scanner's backs differ in noise and show-through). */
export const SHEET_VARIANTS = 6;

/** A page's key in caches: the same source read the same way up. */
export function pageKey(page: StackPage): string {
  const { source } = page;
  const id = source.kind === 'invoice' ? `${source.id}#${source.page}` : source.id;
  return `${source.kind}:${id}${page.upsideDown ? ':180' : ''}`;
}
