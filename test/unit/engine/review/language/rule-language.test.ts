import { describe, expect, it } from 'vitest';
import { evaluateRule } from '../../../../../src/shared/rule-evaluation/evaluate-rule.js';
import { invoiceContext, invoiceData, invoiceFile, ruleWith, INVOICE_FIELDS } from '../invoice-fixture.js';

/** The outcome of one check on the fixture invoice (Amount 1,100.00, Tax ¥143.00, Total "1 243,00", dated 2026年3月5日, today 2026-11-22). */
function outcome(check: string, fields: Record<string, string> = {}, lines?: string[][]): string {
  const file = invoiceFile({ data: invoiceData({ ...INVOICE_FIELDS, ...fields }, lines) });
  return evaluateRule(ruleWith(`check: ${check}`), [file], invoiceContext()).outcome;
}

function reasoning(check: string, fields: Record<string, string> = {}, lines?: string[][]): string {
  const file = invoiceFile({ data: invoiceData({ ...INVOICE_FIELDS, ...fields }, lines) });
  return evaluateRule(ruleWith(`check: ${check}`), [file], invoiceContext()).reasoning;
}

const cases = (rows: readonly (readonly [string, 'pass' | 'failure' | 'error'])[]) => rows;

describe('comparison', () => {
  it.each(
    cases([
      ['[Amount] + [Tax] = [Total]', 'pass'],
      ['[Amount] + [Tax] = 【价税合计】', 'pass'],
      ['[amount]  + [TAX] = [total]', 'pass'],
      ['[Amount] + [Tax] != [Total]', 'failure'],
      ['[Amount] < [Total]', 'pass'],
      ['[Amount] <= 1100', 'pass'],
      ['[Amount] > 1100', 'failure'],
      ['[Amount] >= 1100.000', 'pass'],
      ['[Tax rate] = 13%', 'pass'],
      ['[Tax rate] = 0.13', 'pass'],
      ['[Invoice date] = date("2026-03-05")', 'pass'],
      ['[Invoice date] < today()', 'pass'],
      ['[Invoice date] > "2026-03-04"', 'pass'],
      ['[Seller name] = "Fujian  Example Trading Co., Ltd. "', 'pass'],
      ['[Seller name] = "fujian example trading co., ltd."', 'failure'],
      ['[Buyer tax ID] = ""', 'pass'],
      ['[Invoice number] = "04412345"', 'pass'],
      ['[Invoice number] = 4412345', 'pass'],
      ['(1 > 2) = false', 'pass'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('orders two texts as numbers, or as dates, when both read as such', () => {
    expect(outcome('[Amount] < [Total]')).toBe('pass');
    expect(outcome('[Note] < [Invoice date]', { Note: '2026-01-01' })).toBe('pass');
    expect(reasoning('[Seller name] < [Note]')).toContain('are texts that are neither both numbers nor both dates, so they cannot be ordered');
  });

  it('cannot decide with an empty value, a non-number or a list, and says which', () => {
    expect(reasoning('[Buyer tax ID] > 0')).toContain('`[Buyer tax ID]` is empty, not a number');
    expect(reasoning('[Seller name] > 0')).toContain('`[Seller name]` is "Fujian Example Trading Co., Ltd.", which cannot be read as a number');
    expect(reasoning('[Line items.Amount] = 1100')).toContain('`[Line items.Amount]` is a list of 2 value(s); compare one value, e.g. sum([Line items.Amount])');
    expect(reasoning('true < false')).toContain('they can only be equal or not');
    expect(outcome('[Buyer tax ID] > 0')).toBe('error');
  });
});

describe('arithmetic', () => {
  it.each(
    cases([
      ['[Amount] * 0.13 = [Tax]', 'pass'],
      ['[Total] - [Tax] = [Amount]', 'pass'],
      ['[Tax] / [Amount] = [Tax rate]', 'pass'],
      ['-[Amount] = 0 - 1100', 'pass'],
      ['0.1 + 0.2 = 0.3', 'pass'],
      ['1 / 3 * 3 = 1', 'failure'],
      ['round(1 / 3 * 3, 2) = 1', 'pass'],
      ['today() - date([Invoice date]) = 262', 'pass'],
      ['date([Invoice date]) + 30 = date("2026-04-04")', 'pass'],
      ['today() - 1 = date("2026-11-21")', 'pass'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('refuses to divide by zero or compute with an empty value', () => {
    expect(reasoning('[Amount] / ([Tax] - 143) > 0')).toContain('`([Tax] - 143)` is 0, and nothing can be divided by 0');
    expect(reasoning('[Amount] + [Buyer tax ID] > 0')).toContain('`[Buyer tax ID]` is empty, not a number');
  });
});

describe('boolean logic', () => {
  it.each(
    cases([
      ['[Amount] > 0 and [Tax] > 0', 'pass'],
      ['[Amount] > 0 and [Tax] < 0', 'failure'],
      ['[Amount] < 0 or [Tax] > 0', 'pass'],
      ['[Amount] < 0 or [Tax] < 0', 'failure'],
      ['not [Amount] < 0', 'pass'],
      ['not ([Amount] > 0 and [Tax] > 0)', 'failure'],
      ['[Buyer tax ID] is empty or [Buyer tax ID] > 0', 'pass'],
      ['[Buyer tax ID] is not empty and [Buyer tax ID] > 0', 'failure'],
    ]),
  )('%s: %s (short-circuit: the right side is not read when the left decides)', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('wants a yes/no test, not a value', () => {
    expect(reasoning('[Amount] + 1')).toContain('`[Amount] + 1` is a number, not a yes/no test');
    expect(reasoning('[Amount] and true')).toContain('`[Amount]` is text, not a yes/no test');
  });
});

describe('text matching', () => {
  it.each(
    cases([
      ['[Seller name] contains "trading"', 'pass'],
      ['[Seller name] contains "TRADING CO"', 'pass'],
      ['[Seller name] not contains "Bank"', 'pass'],
      ['[Seller name] matches "^Fujian .* Ltd\\.$"', 'pass'],
      ['[Seller name] matches "^fujian"', 'failure'],
      ['[Seller name] not matches "\\d"', 'pass'],
      ['[Invoice number] matches "^\\d{8}$"', 'pass'],
      ['contains([Note], "po-")', 'pass'],
      ['matches([Note], "^PO-\\d+$")', 'pass'],
      ['starts_with([Seller name], "fujian")', 'pass'],
      ['ends_with([Seller name], "LTD.")', 'pass'],
      ['ends_with([Seller name], "Inc.")', 'failure'],
      ['len([Invoice number]) = 8', 'pass'],
      ['len([Seller tax ID]) = 18', 'pass'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('says so when a pattern is not a valid regular expression', () => {
    expect(reasoning('[Note] matches "(unclosed"')).toContain('`"(unclosed"` is not a valid pattern');
  });
});

describe('emptiness', () => {
  it.each(
    cases([
      ['[Buyer tax ID] is empty', 'pass'],
      ['empty([Buyer tax ID])', 'pass'],
      ['[Seller tax ID] is not empty', 'pass'],
      ['not empty([Seller tax ID])', 'pass'],
      ['empty("  ")', 'pass'],
      ['empty([Order numbers])', 'failure'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('reads a field not extracted on this file as empty', () => {
    expect(outcome('[Tax rate] is empty', { 'Tax rate': '' })).toBe('pass');
  });
});

describe('dates', () => {
  it.each(
    cases([
      ['date([Invoice date]) <= today()', 'pass'],
      ['days_between([Invoice date], today()) = 262', 'pass'],
      ['days_between([Invoice date], today()) <= 365', 'pass'],
      ['days_between([Invoice date], today()) <= 180', 'failure'],
      ['days_between(today(), [Invoice date]) = -262', 'pass'],
      ['add_days([Invoice date], 262) = today()', 'pass'],
      ['year([Invoice date]) = 2026 and month([Invoice date]) = 3 and day([Invoice date]) = 5', 'pass'],
      ['date("March 5, 2026") = date("2026/3/5")', 'pass'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('refuses a date it cannot read rather than guess', () => {
    expect(reasoning('[Invoice date] <= today()', { 'Invoice date': '2026-02-30' })).toContain(
      "`[Invoice date]` is \"2026-02-30\", which cannot be read as a date: no date of the calendar can be read in '2026-02-30'",
    );
    expect(outcome('[Invoice date] <= today()', { 'Invoice date': 'soon' })).toBe('error');
  });
});

describe('numbers', () => {
  it.each(
    cases([
      ['number([Total]) = 1243', 'pass'],
      ['abs(-[Amount]) = [Amount]', 'pass'],
      ['abs([Amount] + [Tax] - [Total]) <= 0.01', 'pass'],
      ['round(2.345, 2) = 2.35', 'pass'],
      ['round([Amount] / 3) = 367', 'pass'],
      ['if([Buyer tax ID] is empty, 0, 1) = 0', 'pass'],
      ['if([Amount] > 0, [Tax], [Buyer tax ID]) = 143', 'pass'],
    ]),
  )('%s: %s (if() reads only the branch it takes)', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });
});

describe('table aggregates', () => {
  it.each(
    cases([
      ['sum([Line items.Amount]) = [Amount]', 'pass'],
      ['sum(column("Line items", "Amount")) = 1100', 'pass'],
      ['count([Line items]) = 2', 'pass'],
      ['count([Line items.Item]) = 2', 'pass'],
      ['min([Line items.Unit price]) = 50', 'pass'],
      ['max([Line items.Unit price]) = 300', 'pass'],
      ['avg([Line items.Amount]) = 550', 'pass'],
      ['max([Amount], [Tax], 5) = 1100', 'pass'],
      ['min([Invoice date], "2026-01-01") < [Invoice date]', 'error'],
      ['min(date([Invoice date]), date("2026-01-01")) = date("2026-01-01")', 'pass'],
      ['count([Order numbers]) = 2', 'pass'],
      ['sum([line items.amount]) = 1100', 'pass'],
      ['sum([Line items.金额]) = [Amount]', 'pass'],
    ]),
  )('%s: %s', (check, expected) => {
    expect(outcome(check)).toBe(expected);
  });

  it('checks every line: quantity times unit price against the line amount', () => {
    expect(outcome('sum([Line items.Quantity]) = 12')).toBe('pass');
    const wrongLine = [['Paper', '10', '50.00', '500.00'], ['Toner', '2', '300', '650.00']];
    expect(outcome('sum([Line items.Amount]) = [Amount]', {}, wrongLine)).toBe('failure');
    expect(reasoning('sum([Line items.Amount]) = [Amount]', {}, wrongLine)).toContain('`sum([Line items.Amount])` is 1150.00; `[Amount]` is 1100.00');
  });

  it('takes an empty cell for a value nobody read, never a zero, and an aggregate over no rows for an error', () => {
    const missingCell = [['Paper', '10', '50.00', '500.00'], ['Pens', '5', '2.00', ''], ['Toner', '2', '300', '600.00']];
    expect(outcome('sum([Line items.Amount]) = [Amount]', {}, missingCell)).toBe('error');
    expect(reasoning('sum([Line items.Amount]) = [Amount]', {}, missingCell)).toContain('`[Line items.Amount]` is empty in row 2, so the result cannot be told');
    expect(reasoning('max([Amount], [Buyer tax ID]) > 0')).toContain('`[Buyer tax ID]` is empty, so the result cannot be told');
    expect(outcome('count([Line items.Amount]) = 2', {}, missingCell)).toBe('pass');
    expect(outcome('count([Line items]) = 0', {}, [])).toBe('pass');
    expect(reasoning('sum([Line items.Amount]) = [Amount]', {}, [])).toContain('`[Line items.Amount]` has no values (no table rows were extracted), so there is nothing to aggregate');
  });
});

describe('valid_tax_id', () => {
  // Codes printed on real companies' invoices: valid by GB 32100-2015.
  it.each(['91350100M000100Y43', '9144030071526726XG', '914403001922038216', '91330100799655058B', '91110000802100433B'])('holds for %s', (code) => {
    expect(outcome('valid_tax_id([Seller tax ID])', { 'Seller tax ID': code })).toBe('pass');
  });

  it('fails on a wrong check character, a wrong length or a stranger character, and says why', () => {
    for (const code of ['91350100M000100Y44', '9144030071526726X', '9144030071526726OG', '9144030071625726XG']) {
      expect(outcome('valid_tax_id([Seller tax ID])', { 'Seller tax ID': code })).toBe('failure');
    }
    expect(reasoning('valid_tax_id([Seller tax ID])', { 'Seller tax ID': '91350100M000100Y44' })).toMatch(/`\[Seller tax ID\]` "91350100M000100Y44" is not a valid tax id: .*check character/u);
    expect(reasoning('valid_tax_id([Buyer tax ID])')).toContain('`[Buyer tax ID]` is empty, so whether it is a valid tax id cannot be told');
    expect(outcome('valid_tax_id([Buyer tax ID])')).toBe('error');
    expect(outcome('[Buyer tax ID] is empty or valid_tax_id([Buyer tax ID])')).toBe('pass');
  });
});

describe('document text', () => {
  it('searches the recognized text line by line', () => {
    expect(outcome('document() contains "special vat invoice"')).toBe('pass');
    expect(outcome('document() matches "^Paid by"')).toBe('pass');
    expect(outcome('document() not contains "cash"')).toBe('pass');
    expect(outcome('document() contains "cash"')).toBe('failure');
  });
});
