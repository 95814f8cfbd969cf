import type { FileData } from '../../../../src/shared/api/index.js';
import type { CategoryModel, FieldModel } from '../../../../src/engine/store/category-models.js';
import type { EvaluableRule } from '../../../../src/shared/rule-evaluation/evaluate-rule.js';
import type { ReviewFile } from '../../../../src/shared/rule-evaluation/review-file.js';
import type { ReviewContext } from '../../../../src/shared/rule-evaluation/review-context.js';
import { dayNumber } from '../../../../src/shared/rule-language/clerk-date.js';

// An in-memory invoice for evaluator tests: a category as the store reads it, and a file as the pipeline leaves it.

const field = (name: string, multiValue = false, alias: string[] = []): FieldModel => ({ id: `f-${name}`, name, definition: { name, multi_value: multiValue, alias }, enabled: 1, extractModel: 'Auto' });

export const INVOICE_CATEGORY: CategoryModel = {
  id: 'c-invoice',
  workspaceId: 'w',
  name: 'VAT invoice',
  description: '',
  categoryPrompt: '',
  extractModel: 'Auto',
  enabled: 1,
  sampleTexts: [],
  fields: [
    ...['Invoice number', 'Invoice date', 'Seller name', 'Seller tax ID', 'Buyer tax ID', 'Amount', 'Tax'].map((n) => field(n)),
    field('Total', false, ['价税合计']),
    ...['Tax rate', 'Note'].map((n) => field(n)),
    field('Order numbers', true),
  ],
  tables: [{ id: 't-lines', name: 'Line items', description: '', prompt: '', collectFromMultiTable: false, extractModel: 'Auto', fields: [field('Item'), field('Quantity'), field('Unit price'), field('Amount', false, ['金额'])] }],
};

/** A box per field, 100 px apart, so that each anchor can be told from the others. */
export const boxOf = (index: number) => [100, 100 * index, 300, 100 * index, 300, 100 * index + 40, 100, 100 * index + 40];

export const INVOICE_FIELDS: Readonly<Record<string, string>> = {
  'Invoice number': '04412345',
  'Invoice date': '2026年3月5日',
  'Seller name': 'Fujian Example Trading Co., Ltd.',
  'Seller tax ID': '91350100M000100Y43',
  'Buyer tax ID': '',
  Amount: '1,100.00',
  Tax: '¥143.00',
  Total: '1 243,00',
  'Tax rate': '13%',
  Note: 'PO-7781',
};

export const LINE_ITEMS: readonly (readonly [string, string, string, string])[] = [
  ['Paper', '10', '50.00', '500.00'],
  ['Toner', '2', '300', '600.00'],
];

export function invoiceData(fields: Readonly<Record<string, string>> = INVOICE_FIELDS, lines: readonly (readonly string[])[] = LINE_ITEMS): FileData {
  const columns = INVOICE_CATEGORY.tables[0]!.fields.map((f) => f.name);
  return {
    fields: [
      ...Object.entries(fields).map(([key, value], i) => ({ key, value, position: value === '' ? [] : [{ page: 0, vertices: boxOf(i) }] })),
      { key: 'Order numbers', value: 'A-1', position: [] },
      { key: 'Order numbers', value: 'A-2', position: [] },
    ],
    items: [],
    tables: [{ tableName: 'Line items', items: lines.map((row, r) => row.map((value, c) => ({ key: columns[c]!, value, position: [{ page: 1, vertices: boxOf(20 + r * 4 + c) }] }))) }],
    stamps: [],
    handwritings: [],
  };
}

export function invoiceFile(spec: Partial<ReviewFile> = {}): ReviewFile {
  return {
    fileId: 'file-1',
    taskId: 'task-1',
    name: 'invoice-1.pdf',
    category: INVOICE_CATEGORY.name,
    categoryId: INVOICE_CATEGORY.id,
    recognitionStatus: 1,
    failureCauses: null,
    pages: [],
    data: invoiceData(),
    document: { pages: [{ angle: 0, width: 1000, height: 1000, lines: [{ text: 'Special VAT Invoice', position: boxOf(50), charPositions: [] }, { text: 'Paid by bank transfer', position: boxOf(51), charPositions: [] }] }] },
    ...spec,
  };
}

/** Today is 2026-11-22 in these tests, whatever the clock says. */
export const TODAY = dayNumber(2026, 11, 22)!;

export function invoiceContext(extra: Partial<ReviewContext> = {}): ReviewContext {
  return { categories: new Map([[INVOICE_CATEGORY.id, INVOICE_CATEGORY]]), today: TODAY, duplicatesOf: () => [], ...extra };
}

export function ruleWith(prompt: string, extra: Partial<EvaluableRule> = {}): EvaluableRule {
  return { id: 'r1', name: 'rule', prompt, categoryIds: [INVOICE_CATEGORY.id], referencedFields: [], ...extra };
}
