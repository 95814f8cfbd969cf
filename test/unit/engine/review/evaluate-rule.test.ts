import { describe, expect, it } from 'vitest';
import { NO_CHECK_EXPRESSION, evaluateRule } from '../../../../src/shared/rule-evaluation/evaluate-rule.js';
import { INVOICE_CATEGORY, INVOICE_FIELDS, boxOf, invoiceContext, invoiceData, invoiceFile, ruleWith } from './invoice-fixture.js';

const file = invoiceFile();
const evaluate = (prompt: string, files = [file], context = invoiceContext()) => evaluateRule(ruleWith(prompt), files, context);

describe('evaluateRule', () => {
  it('answers a prompt without a check line with the honest error, never a guess', () => {
    expect(evaluate('The total must equal the amount plus the tax.')).toEqual({ outcome: 'error', reasoning: NO_CHECK_EXPRESSION, anchors: [] });
  });

  it('reports a check it cannot read with the line, the position and what was expected, whatever the files', () => {
    const result = evaluate('Totals add up.\ncheck: [Amount] + [Tax] = [Total]\ncheck: [Amount] + = [Total]');
    expect(result).toEqual({
      outcome: 'error',
      reasoning: 'Check 2 on line 3 of the prompt (`[Amount] + = [Total]`) cannot be read: at character 12: expected a value, found \'=\'.',
      anchors: [],
    });
    expect(evaluate('check: [Amount] + = [Total]', [])).toMatchObject({ outcome: 'error' });
  });

  it('names the values it used and anchors each one on its box', () => {
    const result = evaluate('check: [Amount] + [Tax] = [Total]');
    expect(result.outcome).toBe('pass');
    expect(result.reasoning).toBe(
      "'invoice-1.pdf': check `[Amount] + [Tax] = [Total]` holds: `[Amount] + [Tax]` is 1243.00; `[Total]` is 1243.00. Values used: Amount \"1,100.00\", Tax \"¥143.00\", Total \"1 243,00\".",
    );
    const keys = Object.keys(INVOICE_FIELDS);
    expect(result.anchors).toEqual(
      ['Amount', 'Tax', 'Total'].map((name) => ({
        start_pos: result.reasoning.indexOf(`"${INVOICE_FIELDS[name]}"`) + 1,
        end_pos: result.reasoning.indexOf(`"${INVOICE_FIELDS[name]}"`) + 1 + INVOICE_FIELDS[name]!.length,
        text: INVOICE_FIELDS[name],
        vertices: boxOf(keys.indexOf(name)),
        file_id: 'file-1',
        extract_task_id: 'task-1',
        page: 0,
        source: 'extract_field',
        file_category: 'VAT invoice',
        field_name: name,
      })),
    );
    for (const anchor of result.anchors) expect(result.reasoning.slice(anchor.start_pos, anchor.end_pos)).toBe(anchor.text);
  });

  it('explains a failure by the values compared', () => {
    const wrong = invoiceFile({ data: invoiceData({ ...INVOICE_FIELDS, Total: '1,300.00' }) });
    const result = evaluate('check: [Amount] + [Tax] = [Total]', [wrong]);
    expect(result.outcome).toBe('failure');
    expect(result.reasoning).toContain('does not hold: `[Amount] + [Tax]` is 1243.00; `[Total]` is 1300.00.');
  });

  it('anchors table cells on their own boxes and page, with the table and column as field name', () => {
    const result = evaluate('check: sum([Line items.Amount]) = [Amount]');
    const cells = result.anchors.filter((a) => a.field_name === 'Line items.Amount');
    expect(cells.map((a) => [a.text, a.page, a.vertices])).toEqual([
      ['500.00', 1, boxOf(23)],
      ['600.00', 1, boxOf(27)],
    ]);
    expect(result.reasoning).toContain('Values used: Line items.Amount, row 1 "500.00", Line items.Amount, row 2 "600.00", Amount "1,100.00".');
  });

  it('anchors a match in the document text on its line, with source ocr', () => {
    const result = evaluate('check: document() contains "vat invoice"');
    expect(result.anchors).toEqual([expect.objectContaining({ text: 'Special VAT Invoice', vertices: boxOf(50), page: 0, source: 'ocr', file_id: 'file-1' })]);
    expect(result.anchors[0]).not.toHaveProperty('field_name');
    expect(result.reasoning).toContain('Values used: document text, page 1 "Special VAT Invoice".');
  });

  it('names an empty value without anchoring it (it has no box)', () => {
    const result = evaluate('check: [Buyer tax ID] is empty');
    expect(result.reasoning).toContain('Values used: Buyer tax ID (empty).');
    expect(result.anchors).toEqual([]);
  });

  it('requires every check on every file: a failure anywhere fails the rule, and the first line tallies the files', () => {
    const second = invoiceFile({ fileId: 'file-2', taskId: 'task-2', name: 'invoice-2.pdf', data: invoiceData({ ...INVOICE_FIELDS, Tax: '150.00' }) });
    const third = invoiceFile({ fileId: 'file-3', taskId: 'task-3', name: 'invoice-3.pdf', data: invoiceData({ ...INVOICE_FIELDS, Amount: '' }) });
    const result = evaluate('check: [Amount] + [Tax] = [Total]\ncheck: [Tax] > 0', [file, second, third]);
    expect(result.outcome).toBe('failure');
    const lines = result.reasoning.split('\n');
    expect(lines[0]).toBe('3 files checked: 1 passed, 1 failed, 1 could not be checked.');
    expect(lines.slice(1).map((l) => /^'[^']+': check \d `[^`]+` (holds|does not hold|could not be evaluated)/u.exec(l)?.[0])).toEqual([
      "'invoice-1.pdf': check 1 `[Amount] + [Tax] = [Total]` holds",
      "'invoice-1.pdf': check 2 `[Tax] > 0` holds",
      "'invoice-2.pdf': check 1 `[Amount] + [Tax] = [Total]` does not hold",
      "'invoice-2.pdf': check 2 `[Tax] > 0` holds",
      "'invoice-3.pdf': check 1 `[Amount] + [Tax] = [Total]` could not be evaluated",
      "'invoice-3.pdf': check 2 `[Tax] > 0` holds",
    ]);
    expect(new Set(result.anchors.map((a) => a.file_id))).toEqual(new Set(['file-1', 'file-2', 'file-3']));
  });

  it('is an error, not a failure, when no file fails but one cannot be checked', () => {
    const blank = invoiceFile({ data: invoiceData({ ...INVOICE_FIELDS, Amount: '' }) });
    expect(evaluate('check: [Amount] + [Tax] = [Total]', [file, blank]).outcome).toBe('error');
  });

  it('fails clearly when the category no longer has a field the check names', () => {
    const result = evaluate('check: [Grand total] > 0');
    expect(result.outcome).toBe('error');
    expect(result.reasoning).toContain("category 'VAT invoice' has no field 'Grand total': it may have been renamed or deleted since the rule was written (its fields are Invoice number,");
    expect(evaluate('check: sum([Line items.Price]) > 0').reasoning).toContain("category 'VAT invoice' has no column 'Price' in table 'Line items'");
    expect(evaluate('check: sum(column("Lines", "Amount")) > 0').reasoning).toContain("category 'VAT invoice' has no table 'Lines'");
  });

  it('fails clearly when a referenced field was deleted or renamed since the rule was written', () => {
    const rule = ruleWith('check: [Total] > 0', {
      referencedFields: [
        {
          category_id: INVOICE_CATEGORY.id,
          category_name: 'VAT invoice',
          fields: [
            { field_id: 'f-Total', field_name: 'Total' },
            { field_id: 'f-gone', field_name: 'Discount' },
            { field_id: 'f-Tax', field_name: 'VAT' },
          ],
          tables: [{ table_id: 't-old', table_name: 'Services', fields: [] }],
        },
      ],
    });
    const result = evaluateRule(rule, [file], invoiceContext());
    expect(result).toEqual({
      outcome: 'error',
      reasoning:
        "'invoice-1.pdf': could not be checked: the fields this rule refers to have changed since it was written: field 'Discount' no longer exists in category 'VAT invoice'; field 'VAT' of category 'VAT invoice' is now called 'Tax'; table 'Services' no longer exists in category 'VAT invoice'.",
      anchors: [],
    });
  });

  it('says when a file has no category, or its category was deleted', () => {
    const unclassified = invoiceFile({ category: '', categoryId: undefined });
    expect(evaluate('check: [Total] > 0', [unclassified]).reasoning).toContain("'invoice-1.pdf' has no category, so it has no field Total");
    const orphan = invoiceFile({ categoryId: undefined });
    expect(evaluate('check: [Total] > 0', [orphan]).reasoning).toContain("the category 'VAT invoice' of 'invoice-1.pdf' no longer exists");
  });

  it('says when the document text is not available', () => {
    expect(evaluate('check: document() contains "x"', [invoiceFile({ document: null })]).reasoning).toContain("the recognized text of 'invoice-1.pdf' is not available");
  });

  it('answers duplicates from the workspace, naming and anchoring the other document', () => {
    const other = { fileId: 'file-9', taskId: 'task-9', name: 'earlier.pdf', category: 'VAT invoice', values: [{ key: 'Invoice number', text: '044 12345', position: [{ page: 0, vertices: boxOf(9) }] }] };
    const context = invoiceContext({ duplicatesOf: (_file, fields) => (fields[0]!.text === '04412345' ? [other] : []) });
    const result = evaluate('check: duplicates_in_workspace([Invoice number]) = 0', [file], context);
    expect(result.outcome).toBe('failure');
    expect(result.reasoning).toContain("Invoice number \"04412345\" already on 1 document(s) uploaded before this one: 'earlier.pdf' (task task-9)");
    expect(result.anchors.find((a) => a.file_id === 'file-9')).toMatchObject({ text: '044 12345', vertices: boxOf(9), extract_task_id: 'task-9', field_name: 'Invoice number' });
    expect(evaluate('check: duplicates_in_workspace([Invoice number]) = 0', [file], invoiceContext()).reasoning).toContain('no document uploaded to the workspace before this one has Invoice number "04412345"');
    expect(evaluate('check: duplicates_in_workspace([Buyer tax ID]) = 0').reasoning).toContain('[Buyer tax ID] is empty, so other documents with the same value cannot be looked for');
  });
});
