import type { FieldSpec } from '../document/field-spec.js';
import { roleOf } from '../fields/roles.js';
import { LabelIndex } from '../fields/phrase-role.js';
import { typedValues } from '../fields/typed-candidates.js';
import { rowsOf } from '../layout/segments.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { fingerprintOf } from './fingerprint.js';
import { looseValues } from './loose-values.js';
import type { LearnedDocument } from './learning-schema.js';
import { memoryOf, type SavedField } from './locate-saved-value.js';
import { pageChars } from './page-text.js';

/**
 * What a confirmed document teaches: its layout, and for each of the category's single-value fields
 * saved with a value, where that value sat. A field saved several times (a multi-value field) says
 * nothing about one place, and is left out.
 */
export function learnDocument(document: ParsedFile['document'], specs: readonly FieldSpec[], saved: readonly SavedField[]): LearnedDocument {
  const rows = rowsOf(document);
  const typed = typedValues(rows, new LabelIndex());
  const page = { rows, chars: pageChars(rows), typed: [...typed, ...looseValues(rows, typed)] };
  const fields = specs.flatMap((spec) => {
    const given = saved.filter((f) => f.key === spec.key);
    if (spec.multiValue || given.length !== 1 || given[0]!.value.trim() === '') return [];
    const memory = memoryOf(page, given[0]!, roleOf(spec));
    return memory ? [memory] : [];
  });
  return { fingerprint: fingerprintOf(rows), fields };
}
