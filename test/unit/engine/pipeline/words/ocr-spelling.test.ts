import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../../src/engine/pipeline/fields/extract-fields.js';
import { marksLost, withoutMarks, withSharpS } from '../../../../../src/engine/pipeline/words/ocr-spelling.js';
import { fieldSpecOf } from '../../../../../src/engine/pipeline/document/field-spec.js';
import { scanDocument } from '../scan-fixture.js';

const spec = (name: string) => fieldSpecOf({ name, definition: { name } });

describe('labels as a scan spells them', () => {
  it('drops the marks of Latin letters one code unit for one, and leaves other scripts and ß alone', () => {
    expect(withoutMarks('Fälligkeit Échéance Straße')).toBe('Falligkeit Echeance Straße');
    expect(withoutMarks('購入日 がく')).toBe('購入日 がく');
  });

  it('finds a role label the recognizer read without its umlaut ("Wahrung", "Falligkeitsdatum") in a German scan', () => {
    const page = ['Rechnung Nr. 2024-117', 'Wahrung: EUR', 'Falligkeitsdatum: 14.04.2024'].join('\n');
    expect(extractFields(scanDocument(page), [spec('Currency'), spec('Due date')]).map((f) => f.value)).toEqual(['EUR', '14.04.2024']);
  });

  it('reads an id after a label whose dot the scan set apart ("Gutschrift Nr . 88301 vom ...")', () => {
    const page = ['Gutschrift (Selbst ausgestellt) Nr . 88301 vom 02.05.2024', 'Kunde: Atelier Vernet'].join('\n');
    expect(extractFields(scanDocument(page), [spec('Invoice number')]).map((f) => f.value)).toEqual(['88301']);
  });

  it('reads a B inside a lower-case word as the ß a recognizer without ß saw, and leaves names in capitals alone', () => {
    expect(withSharpS('Rechnung gemaB Auftrag, LieferantenstraBe 20')).toBe('Rechnung gemäB Auftrag, Lieferantenstraße 20'.replace('gemäB', 'gemaß'));
    expect(withSharpS('BAHNHOFSTRASSE 4, Bergweg 2, GmbH')).toBe('BAHNHOFSTRASSE 4, Bergweg 2, GmbH');
  });

  it('tells a page whose recognizer dropped marks from one that kept them', () => {
    expect(marksLost('Wahrung: EUR', ['währung'])).toBe(true);
    expect(marksLost('Kundenweg 15, KundenstraBe 15', [])).toBe(true);
    expect(marksLost('Währung: EUR\nKundenstraße 15', ['währung'])).toBe(false);
  });
});
