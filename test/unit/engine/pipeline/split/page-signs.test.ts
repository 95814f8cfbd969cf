import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { pageSigns } from '../../../../../src/engine/pipeline/split/page-signs.js';
import { rolesInText } from '../../../../../src/engine/pipeline/tables/column-roles.js';
import { LEGAL_FORMS } from '../../../../../src/engine/pipeline/words/legal-forms.js';
import { LANGUAGES, OTHER_TITLE_WORDS, TITLE_WORDS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';
import { textDocument } from '../document-fixture.js';

const body = Array.from({ length: 14 }, (_, i) => `Line ${i + 1} of the page`);
// Down to the page's lower part, where a table head with no row under it carries its table on.
const longBody = Array.from({ length: 24 }, (_, i) => `Line ${i + 1} of the page`);
const signsOf = (...lines: string[]) => {
  const document = textDocument(lines.join('\n'));
  return pageSigns(rowsOf(document)[0]!, document.pages[0]!.height);
};

// The split reads the vocabulary's words as the fields and the tables read them.
describe('page signs in the words of the vocabulary', () => {
  it.each([...TITLE_WORDS, ...OTHER_TITLE_WORDS])('reads the title "%s" opening the top row as a first page\'s title', (title) => {
    expect(signsOf(title.toUpperCase(), ...body).header).toContain('title');
  });

  it.each(LEGAL_FORMS)('reads a letterhead with the legal form "%s" as an issuer', (form) => {
    expect(signsOf(`Muster ${form.toUpperCase()}`, ...body).header).toEqual(['issuer']);
  });

  it('reads a short legal form in capitals only: "4 kg" is a weight', () => {
    expect(signsOf('Reis 4 kg', ...body).header).toEqual([]);
  });

  // Per language, three column heads of three kinds (the first head of each of the first three roles it names).
  const heads = Object.entries(LANGUAGES).flatMap(([language, words]) => {
    const roles = Object.values(words.columnHeads ?? {}).slice(0, 3);
    return roles.length === 3 ? [[language, roles.map((w) => w[0]!).join('   ')] as const] : [];
  });

  it.each(heads)("reads the tables' column heads at the page's end as a table going on (%s: %s)", (_, row) => {
    expect(new Set(rolesInText(row).map((m) => m.role)).size).toBe(3);
    expect(signsOf(...longBody, row).endsInTableHead).toBe(true);
  });

  it('reads no table head from a row that names fewer kinds of column', () => {
    expect(signsOf(...longBody, 'Amount   Betrag   Total').endsInTableHead).toBe(false);
  });
});
