import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { READERS_OWN } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { textDocument } from '../document-fixture.js';

// These pin the readers' own confidences (their prior, the first feature of the fitted scorer); the
// confidence a clerk sees is the scorer's, judged on held-out families by bench/scorer-families-bench.ts.
const READERS = { scorer: READERS_OWN };

const spec = (name: string) => fieldSpecOf({ name, definition: { name } });

describe('the due date a payment term states', () => {
  const due = (text: string) => extractFields(textDocument(text), [spec('Due date')], READERS)[0]!;

  it.each([
    ['Zahlbar innerhalb 30 Tagen netto bis 04.04.2013, 3% Skonto innerhalb 10 Tagen bis 15.03.2013', '04.04.2013'],
    ['Payable within 14 days net by 12/05/2024', '12/05/2024'],
    ['Zahlbar ohne Abschlag bis           20.11.2018\nZahlbar mit 2% Skonto bis           14.11.2018', '20.11.2018'],
    ['Bitte überweisen Sie bis zum 09.12.2017.', '09.12.2017'],
    ['Please remit the amount by 31/01/2026', '31/01/2026'],
  ])("takes the first date of '%s', the reader's confidence under 0.9", (text, date) => {
    expect(due(text).value).toBe(date);
    expect(due(text).confidence).toBeLessThan(0.9);
  });

  it('leaves it to a labelled due date where the page prints one', () => {
    expect(due('Fälligkeitsdatum: 13.12.2017\nZahlbar innerhalb 30 Tagen netto bis 04.04.2020').value).toBe('13.12.2017');
  });
});
