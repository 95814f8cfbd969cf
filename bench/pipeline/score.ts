import { INVOICE_ERROR } from '../../src/engine/pipeline/invoice/verify-invoice.js';
import type { FileRecord } from '../../src/shared/api/index.js';
import type { Fault } from '../corpus/document-model.js';
import type { CorpusEntry, DocumentTruth } from '../corpus/corpus.js';

/** Matches over a total; a rate is undefined when nothing was counted. */
export class Tally {
  hits = 0;
  total = 0;

  add(hit: boolean, weight = 1): void {
    this.total += weight;
    if (hit) this.hits += weight;
  }

  get rate(): number | undefined {
    return this.total === 0 ? undefined : this.hits / this.total;
  }
}

/** Values compare as a clerk reads them: spacing and full-width forms aside. */
export function sameValue(a: string | undefined, b: string | undefined): boolean {
  const norm = (s: string | undefined) => (s ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

export interface DocumentScore {
  classified: boolean;
  fields: Tally;
  cells: Tally;
  /** Field names that did not match, for the report. */
  misses: string[];
}

type Result = Pick<FileRecord, 'category' | 'data'>;

/** One document's result against its truth: category, every truth field, every truth table cell (extra rows count as wrong). */
export function scoreDocument(truth: DocumentTruth, result: Result): DocumentScore {
  const score: DocumentScore = { classified: (result.category ?? '') === truth.category, fields: new Tally(), cells: new Tally(), misses: [] };
  const fields = result.data?.fields ?? [];
  for (const [name, expected] of Object.entries(truth.fields)) {
    const got = fields.find((f) => f.key === name)?.value;
    const hit = sameValue(got, expected);
    score.fields.add(hit);
    if (!hit) score.misses.push(`${name}: '${got ?? '∅'}' ≠ '${expected}'`);
  }
  for (const [name, rows] of Object.entries(truth.tables)) {
    const table = result.data?.tables?.find((t) => t.tableName === name);
    const columns = Object.keys(rows[0] ?? {});
    rows.forEach((row, r) => {
      for (const column of columns) score.cells.add(sameValue(table?.items[r]?.find((c) => c.key === column)?.value, row[column]));
    });
    const extra = Math.max(0, (table?.items.length ?? 0) - rows.length);
    score.cells.add(false, extra * columns.length);
  }
  return score;
}

/** The invoiceVerifyErrorCode each deliberate fault should raise; verification does not judge an invoice's age (a review rule does). */
const FAULT_CODES: Readonly<Record<Fault, number | undefined>> = {
  amount_tax_total_mismatch: INVOICE_ERROR.amountsDisagree,
  line_items_mismatch: INVOICE_ERROR.linesDisagree,
  future_date: INVOICE_ERROR.futureDate,
  too_old: undefined,
  invalid_tax_id: INVOICE_ERROR.sellerTaxId,
  duplicate_invoice: INVOICE_ERROR.duplicate,
};

/**
 * A clean invoice verifies (status 1); a faulty one (one fault each) fails (status 0) with its fault's
 * code. A duplicate counts as one only when the document it repeats was uploaded to the same workspace
 * before it. "Future" is against the engine's clock, which the benchmark starts on the corpus's reference date.
 */
export function verificationRight(truth: DocumentTruth, result: Result, uploadedBefore: ReadonlySet<string>): boolean {
  const verify = result.data?.invoiceVerifyResult;
  const faults = truth.faults.filter((f) => FAULT_CODES[f] !== undefined && (f !== 'duplicate_invoice' || (truth.duplicateOf !== undefined && uploadedBefore.has(truth.duplicateOf))));
  if (faults.length === 0) return verify?.invoiceVerifyStatus === 1;
  return verify?.invoiceVerifyStatus === 0 && verify.invoiceVerifyErrorCode === FAULT_CODES[faults[0]!];
}

/** The split children's pages against the truth's documents: every document cut exactly. */
export function splitRight(entry: CorpusEntry, record: FileRecord): boolean {
  const children = (record.child_files ?? []).map((c) => JSON.stringify(c.from_parent_position_list ?? []));
  const truth = entry.documents.map((d) => JSON.stringify(d.pages));
  return children.length === truth.length && truth.every((t, i) => children[i] === t);
}
