import { describe, expect, it } from 'vitest';
import { fieldFeatures } from '../../../../../src/engine/pipeline/fields/candidate-features.js';
import type { Candidate } from '../../../../../src/engine/pipeline/fields/candidate.js';

const PAGE = { width: 1000, height: 1000 };
const at = (value: string, box: [number, number, number, number], extra: Partial<Candidate> = {}): Candidate => ({ value, page: 0, boxes: [box], confidence: 0.8, labelLength: 0, order: 0, ...extra });

describe('candidate features', () => {
  it('counts readers that agree on a value, and names each evidence overall, within its kind and within its role', () => {
    const [first, second, other] = fieldFeatures('document_number', [at('INV-7', [10, 10, 60, 20], { source: 'label', labelLength: 7 }), at('inv 7', [500, 900, 560, 910], { source: 'title' }), at('4711', [10, 500, 60, 510], { source: 'label' })], [PAGE]);
    expect(first).toMatchObject({ readers: 1, 'id|readers': 1, 'document_number|readers': 1, 'source:label': 1, labelled: 1, top: 1 });
    expect(second).toMatchObject({ readers: 1, bottom: 1, right: 1, 'source:title': 1 });
    expect(other!['readers']).toBeUndefined();
  });

  it('tells a value of its type and a checked tax id from one that is not', () => {
    const [vat, word] = fieldFeatures('issuer_tax_id', [at('DE123456789', [0, 0, 10, 10]), at('Kundennummer', [0, 20, 10, 30])], [PAGE]);
    expect(vat).toMatchObject({ typeFits: 1, taxIdShaped: 1 });
    expect(word!['typeFits']).toBeUndefined();
    const [date] = fieldFeatures('date', [at('3 août 2023', [0, 0, 10, 10])], [PAGE]);
    expect(date).toMatchObject({ typeFits: 1, 'date|typeFits': 1 });
  });

  it('marks the largest amount of a total, and the breakdown verdict', () => {
    const [small, large] = fieldFeatures('total', [at('19.00', [0, 0, 1, 1], { breakdown: 'contradicted' }), at('119.00', [0, 2, 1, 3], { breakdown: 'confirmed' })], [PAGE]);
    expect(small).toMatchObject({ 'breakdown:contradicted': 1 });
    expect(small!['largest']).toBeUndefined();
    expect(large).toMatchObject({ largest: 1, 'breakdown:confirmed': 1 });
  });
});
