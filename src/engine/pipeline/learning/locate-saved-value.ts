import type { FieldRole } from '../words/role-vocabulary.js';
import type { TypedValue } from '../fields/typed-value.js';
import type { VisualRow } from '../layout/segments.js';
import { boxOf, type Box } from '../layout/box.js';
import { fuzzyLocate } from './fuzzy-locate.js';
import type { FieldMemory } from './learning-schema.js';
import { charKeys, type PageChar } from './page-text.js';
import { spotOfChars, spotOfTyped, typedKey } from './spots.js';
import { savedTypedKey, valueKindOf } from './value-kind.js';
import { placeOf, rowWords } from './value-place.js';
import { wordingLines } from './wording-lines.js';

/** A field as the clerk saved it: its value and, when it was picked on the page, where. */
export interface SavedField {
  key: string;
  value: string;
  position: { page: number; vertices: number[] }[];
}

/** The saved document's page, read once for all its fields. */
export interface SavedPage {
  rows: readonly VisualRow[][];
  chars: readonly PageChar[];
  typed: readonly TypedValue[];
}

// A typed text is taken to be where the page's text differs from it by at most this share of its characters (misreadings).
const MAX_LEARN_DISTANCE = 0.3;

/**
 * What a saved field teaches: its shape and where it sat. A value with a position is looked for
 * there first; a typed one (or one whose position holds other text) is looked for on the whole page.
 */
export function memoryOf(page: SavedPage, field: SavedField, role: FieldRole | undefined): FieldMemory | undefined {
  const kind = valueKindOf(field.value);
  if (kind === 'text') {
    const found = textFound(page.chars, field);
    if (!found) return { key: field.key, kind, value: field.value };
    const spot = spotOfChars(found, field.value);
    const lines = wordingLines(field.value, found);
    return { key: field.key, kind, value: field.value, place: placeOf(page.rows, spot), lines, below: rowWords(page.rows, spot.page, spot.lastRow + 1) };
  }
  const key = savedTypedKey(field.value, kind);
  const same = page.typed.filter((v) => v.kind === kind && typedKey(v) === key);
  const pointed = same.find((v) => field.position.some((p) => p.page === v.segment.page && overlaps(boxOf(p.vertices), [v.segment.left, v.segment.top, v.segment.right, v.segment.bottom])));
  const chosen = pointed ?? preferred(same, role);
  if (!chosen) return undefined;
  const place = (value: TypedValue) => placeOf(page.rows, spotOfTyped(value, page.typed));
  const others = same.filter((v) => v !== chosen);
  return { key: field.key, kind, value: field.value, place: place(chosen), ...(others.length > 0 && { ambiguous: true, alsoAt: others.map(place) }) };
}

/** Of several printings of a typed value, the one under the field's own label, else an unlabelled one, else the first. */
function preferred(values: readonly TypedValue[], role: FieldRole | undefined): TypedValue | undefined {
  return values.find((v) => role !== undefined && v.owner?.role === role) ?? values.find((v) => v.owner === undefined) ?? values[0];
}

/** The page's characters a saved text is printed at, if it is printed closely enough. */
function textFound(chars: readonly PageChar[], field: SavedField): PageChar[] | undefined {
  const wanted = charKeys(field.value);
  const allowed = Math.floor(wanted.length * MAX_LEARN_DISTANCE);
  const picked = chars.filter((c) => field.position.some((p) => p.page === c.page && inside(c.box, boxOf(p.vertices))));
  for (const within of [picked, chars]) {
    const match = fuzzyLocate(wanted, within.map((c) => c.key));
    if (match && match.distance <= allowed) return within.slice(match.start, match.end);
  }
  return undefined;
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function inside(box: Box, area: Box): boolean {
  const [x, y] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
}
