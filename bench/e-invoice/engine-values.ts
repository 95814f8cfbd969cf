import type { FileRecord } from '../../src/shared/api/index.js';
import { sameAs } from '../real-documents/compare-values.js';
import { INVOICE_FIELDS, LINE_COLUMNS, LINE_TABLE } from '../real-documents/invoice-category.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';
import type { Checked } from './key-values.js';

const valueAt = (key: InvoiceKey, path: string): unknown => path.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown> | null)?.[part], key);

/** Amounts as the engine answers them ("529.87", "3.3333"), to the cent; the rest as a clerk compares them. */
function same(kind: string, truth: string, found: string): boolean {
  if (kind === 'amount' || kind === 'number') return found.trim() !== '' && Math.round(Number(truth) * 100) === Math.round(Number(found) * 100);
  return sameAs(kind as Parameters<typeof sameAs>[0], truth, found);
}

/** Every value of the key against the fields and line rows the engine answered for the file. */
export function fieldValues(key: InvoiceKey, record: FileRecord): (Checked & { confidence: number })[] {
  const out: (Checked & { confidence: number })[] = [];
  for (const field of INVOICE_FIELDS) {
    const truth = valueAt(key, field.key);
    if (truth === null || truth === undefined) continue;
    const found = record.data?.fields?.find((f) => f.key === field.name);
    out.push({ path: field.key, truth: String(truth), found: found?.value ?? '', right: same(field.kind, String(truth), found?.value ?? ''), confidence: found?.confidence ?? 0 });
  }
  const rows = (record.data?.tables ?? []).filter((t) => t.tableName === LINE_TABLE).flatMap((t) => t.items);
  const lines = key.lines.filter((l) => Object.values(l).some((v) => v !== null));
  lines.forEach((line, i) => {
    for (const [part, column] of Object.entries(LINE_COLUMNS) as [keyof typeof LINE_COLUMNS, string][]) {
      const truth = line[part];
      if (truth === null) continue;
      const cell = rows[i]?.find((c) => c.key === column);
      out.push({ path: `lines.${i}.${part}`, truth: String(truth), found: cell?.value ?? '', right: same(part === 'name' ? 'text' : 'number', String(truth), cell?.value ?? ''), confidence: cell?.confidence ?? 0 });
    }
  });
  if (rows.length !== lines.length) out.push({ path: 'lines.count', truth: String(lines.length), found: String(rows.length), right: false, confidence: 0 });
  return out;
}

/** XML files a hostile sender could make: each must fail with a clear cause, and the engine go on. */
export const HOSTILE_XML: Readonly<Record<string, string>> = {
  'billion-laughs': `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol4;</Invoice>`,
  'external-entity': `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY passwd SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&passwd;</ID></Invoice>`,
  'external-dtd': `<?xml version="1.0"?><!DOCTYPE Invoice SYSTEM "http://127.0.0.1:9/invoice.dtd"><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>`,
  'undeclared-entity': `<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&secret;</ID></Invoice>`,
  'deep-nesting': `<?xml version="1.0"?>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`,
};
