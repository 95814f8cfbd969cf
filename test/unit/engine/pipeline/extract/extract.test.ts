import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { READERS_OWN } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import { CONFIDENCE } from '../../../../../src/engine/pipeline/fields/labelled-candidates.js';
import { TYPED_CONFIDENCE } from '../../../../../src/engine/pipeline/fields/typed-candidates.js';
import { MISMATCH_CONFIDENCE_FACTOR } from '../../../../../src/engine/pipeline/transforms/apply-transforms.js';
import { fieldSpecOf, promptKeywords } from '../../../../../src/engine/pipeline/document/field-spec.js';
import type { FieldDefinition } from '../../../../../src/shared/api/index.js';
import { textDocument } from '../document-fixture.js';

// These pin the readers' own confidences (their prior, the first feature of the fitted scorer); the
// confidence a clerk sees is the scorer's, judged on held-out families by bench/scorer-families-bench.ts.
const READERS = { scorer: READERS_OWN };

const spec = (name: string, more: Omit<FieldDefinition, 'name'> = {}) => fieldSpecOf({ name, definition: { name, ...more } });
const values = (text: string, ...specs: ReturnType<typeof spec>[]) => extractFields(textDocument(text), specs, READERS).map((f) => f.value);
const { label } = CONFIDENCE;
/** Confidences are answered to three decimals. */
const c = (n: number) => Math.round(n * 1000) / 1000;

describe('extractFields: label and value', () => {
  it('reads the value after a label and a colon, with the box of the value text', () => {
    const [field] = extractFields(textDocument('Invoice Number: INV-2026-0042'), [spec('Invoice Number', { identity: 'invoice_no' })], READERS);
    expect(field).toEqual({
      key: 'Invoice Number',
      identifier: 'invoice_no',
      value: 'INV-2026-0042',
      confidence: label.name,
      // 16 characters of label and separator at 20 px each, from the 40 px margin.
      position: [{ page: 0, vertices: [360, 40, 620, 40, 620, 80, 360, 80] }],
    });
  });

  it('reads Chinese labels with a full-width colon or none, and weighs how sure each reading is', () => {
    const fields = extractFields(textDocument('发票代码：044001900111\n发票号码12345678'), [
      spec('Invoice code', { alias: ['发票代码'] }),
      spec('Invoice number', { alias: ['发票号码'] }),
    ], READERS);
    expect(fields.map((f) => [f.value, f.confidence])).toEqual([
      ['044001900111', label.alias],
      ['12345678', c(label.alias * CONFIDENCE.noColon)],
    ]);
  });

  it('keeps pairs that share a line apart, at a column gap or at the next label with a colon', () => {
    const text = 'Invoice code: 0440  Invoice date: 2026-03-15\nBuyer name: ACME Ltd Buyer tax ID: 91350100M000100Y43';
    expect(values(text, spec('Invoice code'), spec('Invoice date'), spec('Buyer name'), spec('Buyer tax ID'))).toEqual(['0440', '2026-03-15', 'ACME Ltd', '91350100M000100Y43']);
  });

  it('takes the next segment on the row, or the text under the label, less surely', () => {
    const fields = extractFields(textDocument('Seller name    Harbor Ltd\nDue Date:\n2026-05-01'), [spec('Seller name'), spec('Due Date')], READERS);
    expect(fields.map((f) => [f.value, f.confidence])).toEqual([
      ['Harbor Ltd', c(label.name * CONFIDENCE.rightOfLabel)],
      ['2026-05-01', TYPED_CONFIDENCE.labelAbove],
    ]);
    expect(fields[1]!.position).toEqual([{ page: 0, vertices: [40, 120, 240, 120, 240, 160, 40, 160] }]);
  });

  it('trusts the one date a page prints without a label as its date, and the first of several less', () => {
    const date = (text: string) => extractFields(textDocument(text), [spec('Date')], READERS)[0]!;
    expect(date('CORNER SHOP\n12/03/2018 10:41\nTOTAL 9.90\nThank you 12/03/2018')).toMatchObject({ value: '12/03/2018', confidence: TYPED_CONFIDENCE.soleDate });
    expect(date('CORNER SHOP\n12/03/2018 10:41\nTOTAL 9.90\nValid until 30/06/2018')).toMatchObject({ value: '12/03/2018', confidence: TYPED_CONFIDENCE.firstDate });
  });

  it('never takes another label, or a label with its own value, as a value', () => {
    expect(values('Amount  Tax\nCode:  Date: 2026-01-02', spec('Amount'), spec('Tax'), spec('Code'), spec('Date'))).toEqual(['', '', '', '2026-01-02']);
  });

  it('falls back to a label with one character misread, less surely, only when no exact label is found', () => {
    const [number] = extractFields(textDocument('lnvoice number: 25671363545403784416'), [spec('Invoice number')], READERS);
    expect(number).toMatchObject({ value: '25671363545403784416', confidence: c(label.name * CONFIDENCE.looseLabel) });
    expect(values('Invoice number: 101\nlnvoice number: 202', spec('Invoice number'))).toEqual(['101']);
    // "发票号码" is one character from "发票代码", but it is another field's label.
    expect(values('发票号码：25671363545403784416', spec('Invoice code', { alias: ['发票代码'] }), spec('Invoice number', { alias: ['发票号码'] }))).toEqual(['', '25671363545403784416']);
  });

  it('needs a colon for a label inside a segment, and whole words, where the value has no shape to confirm it', () => {
    expect(values('Remarking: 5\nFinal remark 9', spec('Remark'))).toEqual(['']);
    expect(values('Final remark: 9', spec('Remark'))).toEqual(['9']);
  });

  it('keeps a tax id whole across a stray space, without a speck read before it', () => {
    expect(values('Seller tax ID: 91440300MKDH L7XU4T', spec('Seller tax ID'))).toEqual(['91440300MKDH L7XU4T']);
    expect(values('Buyer tax ID: 9 91440300MA5F3K2Q7X', spec('Buyer tax ID'))).toEqual(['91440300MA5F3K2Q7X']);
  });

  it('reads an amount after the label phrase that ends it, with no colon ("NETT TOTAL  343.95")', () => {
    expect(values('Totalling: 5\nNETT TOTAL    343.95', spec('Total'))).toEqual(['343.95']);
  });

  it('prefers the surest reading, then the longest label', () => {
    expect(values('Total 1\nTotal: 2\nSubtotal: 3', spec('Total'))).toEqual(['2']);
    expect(values('价税合计 99\n价税合计(小写)：¥2260.00', spec('Total', { alias: ['价税合计', '价税合计(小写)'] }))).toEqual(['2260.00']);
  });
});

describe('extractFields: missing, multi-value and transforms', () => {
  it('reports a missing field empty, with no position and no confidence, or with its default value', () => {
    const [tax, method] = extractFields(textDocument('Total: 5'), [spec('Tax'), spec('Method', { transform_settings: { mismatch_action: { default_value: 'Other' } } })], READERS);
    expect(tax).toEqual({ key: 'Tax', identifier: '', value: '', position: [], confidence: 0 });
    expect(method).toMatchObject({ value: 'Other', confidence: 0, position: [] });
  });

  it('collects every value of a multi-value field, distinct when asked', () => {
    const text = 'Item: pen\nItem: ink\nItem: pen';
    expect(values(text, spec('Item', { multi_value: true }))).toEqual(['pen', 'ink', 'pen']);
    expect(values(text, spec('Item', { multi_value: true, duplicate_value_distinct: true }))).toEqual(['pen', 'ink']);
  });

  it('transforms values; a reading that does not fit loses to one that does, and keeps half its confidence', () => {
    const amount = { regex_settings: { match: String.raw`-?\d[\d,]*(?:\.\d+)?` } };
    const text = '价税合计（大写）：贰仟贰佰陆拾圆整  价税合计（小写）：¥2260.00';
    expect(values(text, spec('Total', { alias: ['价税合计'], transform_settings: amount }))).toEqual(['2260.00']);
    const [period] = extractFields(textDocument('Period: soon'), [spec('Period', { transform_settings: { datetime_settings: { format: 'YYYY-MM-DD' } } })], READERS);
    expect(period).toMatchObject({ value: 'soon', confidence: c(label.name * MISMATCH_CONFIDENCE_FACTOR) });
    // A date field's label that points at no date gives nothing to proofread rather than a wrong value.
    expect(values('Date: soon', spec('Date'))).toEqual(['']);
    expect(values('Date: 5 March 2026', spec('Date', { transform_settings: { datetime_settings: { format: 'DD/MM/YYYY' } } }))).toEqual(['05/03/2026']);
  });
});

describe('field labels from prompts', () => {
  it('uses the quoted terms of a prompt, else its short phrases; use_prompt false leaves the own prompt out', () => {
    expect(promptKeywords('the number after "Ref No" or 「参考号」')).toEqual(['Ref No', '参考号']);
    expect(promptKeywords('Invoice No, Bill number；票号\n')).toEqual(['Invoice No', 'Bill number', '票号']);
    expect(promptKeywords('the long description of where on the page the value is printed')).toEqual([]);
    expect(spec('Ref', { prompt: '"Ref No"' }).labels).toEqual([
      { text: 'Ref', kind: 'name' },
      { text: 'Ref No', kind: 'prompt' },
    ]);
    expect(spec('Ref', { prompt: '"Ref No"', use_prompt: false }).labels).toHaveLength(1);
    const [ref] = extractFields(textDocument('Ref No: 77'), [fieldSpecOf({ name: 'Reference', definition: {} }, '"Ref No"')], READERS);
    expect(ref).toMatchObject({ value: '77', confidence: label.prompt });
  });
});
