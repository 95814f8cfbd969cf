import { describe, expect, it } from 'vitest';
import { CategoryCreateParts } from '../../../../src/shared/api/categories';
import { createPartsOf, EMPTY_FIELD, fieldDefinitionOf } from '../../../../src/renderer/features/categories/category-form';

describe('the category form', () => {
  it('turns a field row into a definition with aliases, prompt and transforms', () => {
    expect(fieldDefinitionOf({ ...EMPTY_FIELD, name: ' Date ', aliases: '开票日期, Invoice date，日期', prompt: 'the issue date', dateFormat: 'YYYY-MM-DD', fallback: 'unknown' })).toEqual({
      name: 'Date',
      alias: ['开票日期', 'Invoice date', '日期'],
      prompt: 'the issue date',
      use_prompt: true,
      transform_settings: { datetime_settings: { format: 'YYYY-MM-DD' }, mismatch_action: { default_value: 'unknown' } },
    });
    expect(fieldDefinitionOf({ ...EMPTY_FIELD, name: 'Kind', choices: 'A, B', pattern: '^\\s+', replace: '' })).toEqual({
      name: 'Kind',
      transform_settings: { enumerate_settings: { items: ['A', 'B'] }, regex_settings: { match: '^\\s+' } },
    });
  });

  it('builds create parts the contract accepts, leaving out empty rows and tables', () => {
    const parts = createPartsOf({
      workspaceId: '1',
      name: ' Invoice ',
      description: '',
      prompt: 'VAT invoices',
      model: 'Auto',
      fields: [{ ...EMPTY_FIELD, name: 'Total' }, { ...EMPTY_FIELD }],
      tables: [
        { name: 'Lines', prompt: '', columns: 'Item, Amount' },
        { name: 'Empty', prompt: '', columns: '' },
      ],
    });
    expect(CategoryCreateParts.parse(parts)).toMatchObject({ name: 'Invoice', category_prompt: 'VAT invoices', fields: [{ name: 'Total' }], tables: [{ name: 'Lines', fields: [{ name: 'Item' }, { name: 'Amount' }] }] });
    expect(parts.description).toBeUndefined();
  });
});
