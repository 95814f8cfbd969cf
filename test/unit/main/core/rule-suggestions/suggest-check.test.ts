import { describe, expect, it } from 'vitest';
import type { SuggestionCategory } from '../../../../../src/main/core/rule-suggestions/field-targets.js';
import { suggestCheck } from '../../../../../src/main/core/rule-suggestions/suggest-check.js';
import { parseCheck } from '../../../../../src/shared/rule-language/parser.js';

const field = (name: string, ...alias: string[]) => ({ id: `f-${name}`, name, alias });

/** The starter VAT invoice: English names, Chinese aliases. */
const VAT: SuggestionCategory = {
  id: 'vat',
  name: 'VAT invoice',
  fields: {
    fields: [
      field('Invoice number', '发票号码'),
      field('Invoice date', '开票日期'),
      field('Buyer name', '购买方名称'),
      field('Seller tax ID', '销售方纳税人识别号'),
      field('Amount', '合计金额', '金额合计'),
      field('Tax', '合计税额', '税额合计'),
      field('Total', '价税合计'),
    ],
    tables: [{ id: 't-items', name: 'Line items', fields: [field('Amount', '金额'), field('Tax', '税额')] }],
  },
};

/** A clerk's own category, named in Chinese. */
const EXPENSE: SuggestionCategory = {
  id: 'expense',
  name: '费用报销单',
  fields: { fields: [field('申请人'), field('报销日期'), field('报销金额'), field('税号')], tables: [{ id: 't-costs', name: '费用明细', fields: [field('金额')] }] },
};

const suggested = (prompt: string, category: SuggestionCategory = VAT) => suggestCheck(prompt, [category])?.checks ?? null;

describe('suggestCheck', () => {
  it.each([
    ['The total must be greater than zero.', '[Total] > 0'],
    ['Invoice date should not be in the future', '[Invoice date] <= today()'],
    ['Amount plus tax must equal the total.', '[Amount] + [Tax] = [Total]'],
    ['The line item amounts have to add up to the amount.', 'sum([Line items.Amount]) = [Amount]'],
    ['Buyer name is required.', '[Buyer name] is not empty'],
    ['Invoice number must be 8 digits.', '[Invoice number] matches "^\\d{8}$"'],
    ['Seller tax ID must be a valid tax ID.', 'valid_tax_id([Seller tax ID])'],
    ['There must be at least one line item.', 'count([Line items]) >= 1'],
    ['Invoice date must be on or after 1 January 2024', '[Invoice date] >= date("2024-01-01")'],
  ])('reads the English shape of %j', (prompt, check) => {
    expect(suggested(prompt)).toEqual([check]);
  });

  it.each([
    ['发票日期不能晚于今天', '[Invoice date] <= today()'],
    ['金额加税额应等于价税合计', '[Amount] + [Tax] = [Total]'],
    ['购买方名称不能为空', '[Buyer name] is not empty'],
    ['开票日期距今不超过一年', 'days_between([Invoice date], today()) <= 365'],
  ])('reads the Chinese shape of %j against English field names with Chinese aliases', (prompt, check) => {
    expect(suggested(prompt)).toEqual([check]);
  });

  it.each([
    ['报销金额不得超过5000元', '[报销金额] <= 5000'],
    ['费用明细的金额合计应等于报销金额', 'sum([费用明细.金额]) = [报销金额]'],
    ['税号应为18位', 'len([税号]) = 18'],
    ['申请人必须填写', '[申请人] is not empty'],
    ['费用明细至少一行', 'count([费用明细]) >= 1'],
    ['报销日期不能早于2024年1月1日', '[报销日期] >= date("2024-01-01")'],
  ])('reads the Chinese shape of %j against Chinese field names', (prompt, check) => {
    expect(suggested(prompt, EXPENSE)).toEqual([check]);
  });

  it('proposes nothing for prose it has no shape for, a permission, or a field it cannot single out', () => {
    expect(suggested('The goods on the invoice must relate to our business.')).toBeNull();
    expect(suggested('Buyer name may be left empty for individuals.')).toBeNull();
    expect(suggested('The invoice code must be 10 or 12 digits.')).toBeNull();
    expect(suggested('发票不得有涂改')).toBeNull();
    expect(suggested('明细至少一行')).toBeNull(); // no table or field of the category is called 明细
  });

  it('proposes nothing when the prompt already has a check line', () => {
    expect(suggested('The total must be greater than zero.\ncheck: [Total] > 0')).toBeNull();
  });

  it('proposes one check line per recognised sentence, each read by the rule parser', () => {
    const checks = suggested('Buyer name is required. Tax must not be negative.')!;
    expect(checks).toEqual(['[Buyer name] is not empty', '[Tax] >= 0']);
    for (const check of checks) expect(() => parseCheck(check)).not.toThrow();
  });

  it('names the fields it used as referenced fields, columns with their table', () => {
    expect(suggestCheck('The line item amounts have to add up to the amount.', [VAT])?.fields).toEqual([
      { category_id: 'vat', category_name: 'VAT invoice', table: { id: 't-items', name: 'Line items' }, field_id: 'f-Amount', field_name: 'Amount' },
      { category_id: 'vat', category_name: 'VAT invoice', field_id: 'f-Amount', field_name: 'Amount' },
    ]);
  });

  it('writes a name that brackets cannot hold with field()', () => {
    const odd: SuggestionCategory = { id: 'odd', name: 'Odd', fields: { fields: [field('Total [net]')], tables: [] } };
    expect(suggested('Total [net] must be greater than 0', odd)).toEqual(['field("Total [net]") > 0']);
  });
});
