import { describe, expect, it } from 'vitest';
import { slashOrderOf } from '../../../../../src/engine/pipeline/fields/date-order.js';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { extractTable } from '../../../../../src/engine/pipeline/tables/extract-tables.js';
import { tableSpecOf } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import { grid, tableModel, textDocument } from '../document-fixture.js';

const AS_ISO = { datetime_settings: { format: 'YYYY-MM-DD' } };
const dateField = (name: string) => fieldSpecOf({ name, definition: { name, transform_settings: AS_ISO } });
const dates = (text: string) => extractFields(textDocument(text), [dateField('Invoice date'), dateField('Due date')]).map((f) => f.value);

describe('the slash order of a document', () => {
  it('follows the slash dates that read one way only, and reads the ambiguous ones alike', () => {
    expect(slashOrderOf('Invoice date 10/03/2018  Payment due 11/21/2018', undefined)).toBe('month-first');
    expect(slashOrderOf('Invoice date 10/03/2018  Payment due 21/11/2018', undefined)).toBe('day-first');
    expect(dates('Invoice date: 10/03/2018\nDue date: 11/21/2018')).toEqual(['2018-10-03', '2018-11-21']);
    expect(dates('Invoice date: 10/03/2018\nDue date: 21/03/2018')).toEqual(['2018-03-10', '2018-03-21']);
  });

  it('reads an American page month first: an address with a state and ZIP code, and amounts in dollars', () => {
    const american = 'Redwood Services Co.\n15 Main Street\nPortland, OR 97204\nInvoice date: 06/05/2025\nTotal due: 1,250.00 USD';
    expect(dates(american)).toEqual(['2025-06-05', '']);
    // The same address on a page billed in euros is a customer abroad: the page keeps the day first.
    expect(dates(american.replace('USD', 'EUR'))).toEqual(['2025-05-06', '']);
    expect(slashOrderOf('Portland, OR 97204  Total $ 12.00', '$')).toBe('month-first');
    expect(slashOrderOf('Total $ 12.00', '$')).toBe('day-first');
  });

  it('reads a receipt with no such evidence day first, as most of the world writes it', () => {
    expect(dates('SANYU STATIONERY SHOP\nDate: 03/10/2018\nTOTAL RM 12.00')).toEqual(['2018-10-03', '']);
    // Where the page disagrees with itself, the day comes first.
    expect(slashOrderOf('01/13/2018  13/01/2018', undefined)).toBe('day-first');
  });

  it('gives a date column of the line items the same order as the header', () => {
    const text = ['Invoice date: 11/21/2018', '', grid([14, 14, 10], [['Date', 'Service', 'Amount'], ['10/03/2018', 'Repair', '120.00'], ['10/04/2018', 'Parts', '80.00']])].join('\n');
    const table = tableSpecOf(tableModel('Lines', [{ name: 'Date', transform_settings: AS_ISO }, { name: 'Service' }, { name: 'Amount' }]));
    const rows = extractTable(textDocument(text), table, { applyMerge: false }).table.items;
    expect(rows.map((row) => row.find((c) => c.key === 'Date')?.value)).toEqual(['2018-10-03', '2018-10-04']);
  });
});
