import { describe, expect, it } from 'vitest';
import { LabelIndex } from '../../../../../src/engine/pipeline/fields/phrase-role.js';
import { typedValues } from '../../../../../src/engine/pipeline/fields/typed-candidates.js';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { looseValues } from '../../../../../src/engine/pipeline/learning/loose-values.js';
import { textDocument } from '../document-fixture.js';

/** What the repairs read on a page of these lines, as [kind, value read, parsed]. */
function loose(...lines: string[]): [string, string, string | number][] {
  const rows = rowsOf(textDocument(lines.join('\n')));
  return looseValues(rows, typedValues(rows, new LabelIndex())).map((v) => [v.kind, v.value, v.parsed]);
}

describe('looseValues', () => {
  it('reads an amount whose decimal point OCR spaced', () => {
    expect(loose('TOTAL  RM 73. 00')).toEqual([['amount', '73.00', 73]]);
    expect(loose('TOTAL  48 .00')).toEqual([['amount', '48.00', 48]]);
  });

  it('reads a dollar sign OCR took for an S', () => {
    expect(loose('Nett Total: S8.20')).toEqual([['amount', '8.20', 8.2]]);
  });

  it("reads a date whose separator OCR read as a space, or run into the time after it", () => {
    expect(loose('01:34PM  568017  05 02-18')).toEqual([['date', '05-02-18', '2018-02-05']]);
    expect(loose('02-03-1847 23 SH01')).toEqual([['date', '02-03-18', '2018-03-02']]);
  });

  it('does not repeat what the page reads without repairs, nor take a four-digit year apart', () => {
    expect(loose('TOTAL  8.90', 'CASH  $10.00', '12/03/2018 13:07', 'DATE 20/03/2618 13:07')).toEqual([]);
  });
});
