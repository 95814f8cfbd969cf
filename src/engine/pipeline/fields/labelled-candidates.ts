import type { FieldSpec } from '../document/field-spec.js';
import { separatorAt, type LabelVocabulary } from '../words/label-vocabulary.js';
import { withoutEdgeNoise } from '../layout/edge-noise.js';
import { rowHeight, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex, findTerm, findTermLoosely, type TermMatch } from '../document/text-match.js';
import { readingOrder, type Candidate, type LabelReach, type LabelSource } from './candidate.js';
import type { LabelIndex } from './phrase-role.js';
import { NUMBER_MARKERS, OTHER_TITLE_WORDS, TITLE_WORDS, VALUE_TYPE, type FieldRole, type ValueType } from '../words/role-vocabulary.js';
import { narrowToType } from './typed-value-text.js';
import { alternatives } from '../words/word-pattern.js';
import { SEPARATOR } from './postal-address.js';

/**
 * Confidence of a value found by its label: the kind of label times how the value was reached. 0.95
 * is the name with a colon and the value beside it; anything under 0.8 is for a clerk to look at.
 */
export const CONFIDENCE = {
  label: { name: 0.95, alias: 0.9, prompt: 0.8, role: 0.88 } satisfies Record<LabelSource, number>,
  /** Label and value with no colon between them ("Total 12.00", "发票代码044001900111"). */
  noColon: 0.8,
  /** The label is not the first thing in its segment (then only with a colon, or ending the segment). */
  midSegment: 0.9,
  /** The value is a segment on the row after the label, or the nearest below a label standing alone. */
  rightOfLabel: 0.9,
  belowLabel: 0.8,
  /** The label was found only with one character read wrong (a field no exact label was found for). */
  looseLabel: 0.85,
} as const;

const SHAPED: ReadonlySet<ValueType> = new Set(['date', 'amount', 'id', 'phone']);
// A value below its label is at most this many text heights under it.
const MAX_BELOW_GAP = 2;

export interface LabelContext {
  /** Every label of the category: keeps labels out of values. */
  vocabulary: LabelVocabulary;
  /** Standard and category labels with their roles: a label inside a longer one is not found. */
  labels: LabelIndex;
  /** Rows that belong to a table ("page:row"): no field value is read across them. */
  tableRows?: ReadonlySet<string> | undefined;
  /** False when the label's characters are nowhere in the document: its dozens of role labels are mostly absent. */
  mayBePrinted: (label: string) => boolean;
}

type Finder = (text: string, term: string) => TermMatch[];
type PrintedLabel = { text: string; kind: LabelSource };

/** Values found by the field's labels (and its role's), exactly; with one misread character when none is. */
export function labelledCandidates(rows: readonly VisualRow[][], spec: FieldSpec, role: FieldRole | undefined, ctx: LabelContext, roleLabels: readonly string[]): Candidate[] {
  const labels: PrintedLabel[] = [...spec.labels, ...roleLabels.map((text) => ({ text, kind: 'role' as const }))].filter((l) => ctx.mayBePrinted(l.text));
  const exact = candidatesOf(rows, labels, role, ctx, findTerm);
  if (exact.length > 0) return exact;
  const loose: Finder = (text, term) => findTermLoosely(text, term).filter((m) => !ctx.vocabulary.isExactLabel(text.slice(m.start, m.end)));
  return candidatesOf(rows, spec.labels, role, ctx, loose).map((c) => ({ ...c, confidence: c.confidence * CONFIDENCE.looseLabel, ...(c.reach && { reach: { ...c.reach, loose: true } }) }));
}

function candidatesOf(rows: readonly VisualRow[][], labels: readonly PrintedLabel[], role: FieldRole | undefined, ctx: LabelContext, find: Finder): Candidate[] {
  const ownTexts = new Set(labels.map((l) => l.text.toLowerCase()));
  const found: Candidate[] = [];
  rows.forEach((pageRows, p) =>
    pageRows.forEach((row, r) =>
      row.segments.forEach((segment, s) => {
        for (const label of labels) {
          for (const match of find(segment.text, label.text)) {
            const cover = ctx.labels.covering(segment.text, match.start, match.end);
            if (cover && cover.role !== role && !ownTexts.has(cover.label.toLowerCase())) continue;
            const candidate = valueOfLabel({ rows: pageRows, r, s, segment, label, match, ctx, role });
            if (candidate) found.push({ ...candidate, order: readingOrder(p, r, s) });
          }
        }
      }),
    ),
  );
  return found;
}

interface LabelHit {
  rows: readonly VisualRow[];
  r: number;
  s: number;
  segment: Segment;
  label: PrintedLabel;
  match: TermMatch;
  ctx: LabelContext;
  role: FieldRole | undefined;
}

type Found = Omit<Candidate, 'order'>;

/** The value a label points at: the rest of its segment, else a segment to its right, else the one below. */
function valueOfLabel(hit: LabelHit): Found | undefined {
  const { segment, label, match } = hit;
  const midSegment = segment.text.slice(0, match.start).trim() !== '';
  const separator = separatorAt(segment.text, match.end);
  const restStart = match.end + separator.length;
  const endsSegment = restStart >= segment.text.length;
  // A label ending a longer segment ("NETT TOTAL  343.95") counts only where the value's shape can confirm it;
  // so does one inside a title that an id follows at once ("Handelsrechnung (380) Nr. 471102 vom ...").
  const shaped = hit.role !== undefined && SHAPED.has(VALUE_TYPE[hit.role]);
  if (midSegment && !separator.colon && !(shaped && (endsSegment || idFollows(hit)))) return undefined;
  const base = CONFIDENCE.label[label.kind] * (midSegment ? CONFIDENCE.midSegment : 1);
  const labelLength = Array.from(label.text).length;
  const found = (part: ValuePart, confidence: number, place: LabelReach['place']): Found => {
    const { skipped, ...value } = part;
    return { ...value, confidence, labelLength, reach: { kind: label.kind, colon: separator.colon, inside: midSegment, place, skipped, loose: false } };
  };
  if (!endsSegment) {
    const value = valuePart(segment, restStart, hit);
    if (value || hit.role === undefined) return value && found(value, base * (separator.colon ? 1 : CONFIDENCE.noColon), 'after');
  }
  if (hit.ctx.tableRows?.has(`${segment.page}:${hit.r}`)) return undefined;
  for (const right of hit.rows[hit.r]!.segments.slice(hit.s + 1)) {
    if (isLabel(right.text, hit.ctx)) break;
    const value = valuePart(right, 0, hit);
    if (value) return found(value, base * CONFIDENCE.rightOfLabel, 'right');
    if (hit.role === undefined) break;
  }
  const below = segmentBelow(hit);
  const value = below && valuePart(below, 0, hit);
  return value && found(value, base * CONFIDENCE.belowLabel, 'below');
}

function idFollows({ segment, match, role }: LabelHit): boolean {
  // A scan may set the label's dot apart ("Nr . 471102").
  return role !== undefined && VALUE_TYPE[role] === 'id' && /^(?:\s+\.)?\s*[\p{L}\p{N}/_.#-]*\d/u.test(segment.text.slice(match.end)) && titleBefore(segment.text.slice(0, match.start));
}

const OTHER_DOCUMENT_LAST = new RegExp(String.raw`(?:${alternatives(OTHER_TITLE_WORDS)})\s*$`, 'iu');

/**
 * The item of the line the label stands in names the document ("Handelsrechnung (380)", a scan's
 * "Rechnungskor rektur"), not a register ("CRO", "Registered in Ireland") nor, last, another document ("Rechnung gemäß Bestellung").
 */
function titleBefore(text: string): boolean {
  const item = text.split(SEPARATOR).at(-1)!;
  const letters = item.toLowerCase().replace(/\s+/gu, '');
  return TITLE_WORDS.some((word) => letters.includes(word.replace(/\s+/gu, ''))) && !OTHER_DOCUMENT_LAST.test(item);
}

const OTHER_NUMBER = new RegExp(String.raw`\p{L}{2,}[^\p{L}]+(?:${alternatives(NUMBER_MARKERS)})[\s.:]*$`, 'iu');

/** A value's text, and how many letters stood between the label and it (words its narrowing to the role's kind left out). */
type ValuePart = Pick<Candidate, 'value' | 'page' | 'boxes'> & { skipped: number };

/** The text of a segment from a code-unit index, cut before the next label with a colon, narrowed to the role's kind of value. */
function valuePart(segment: Segment, from: number, hit: LabelHit): ValuePart | undefined {
  const rest = segment.text.slice(from);
  const end = from + hit.ctx.vocabulary.valueEnd(rest);
  const cut = sliceSegment(segment, codePointIndex(segment.text, from), codePointIndex(segment.text, end));
  const part = cut && withoutEdgeNoise(cut);
  const typed = part && (hit.role ? narrowToType(part, hit.role) : part);
  if (!part || !typed) return undefined;
  const before = part.text.slice(0, Math.max(0, part.text.indexOf(typed.text)));
  // Words and a number mark passed over are another thing's number ("Rechnung gemäß Bestellung Nr. 2018-471331"); the mark alone is the label's ("Rechnung Nr. 4711").
  if (hit.role && VALUE_TYPE[hit.role] === 'id' && OTHER_NUMBER.test(before)) return undefined;
  return { value: typed.text, page: typed.page, boxes: typed.boxes, skipped: (before.match(/\p{L}/gu) ?? []).length };
}

/** A category label opening the text, or a text that is only a standard label ("Customer" beside "Supplier"): no value. */
function isLabel(text: string, ctx: LabelContext): boolean {
  return ctx.vocabulary.opensWithLabel(text) || ctx.labels.isWholeLabel(text);
}

/**
 * The segment under the label that overlaps the label's own words most across, within two text heights
 * (a row of labels read as one segment stands over a row of values: "Datum Gutschriftsnummer" over
 * "22. Februar 2025  RE-2025-6422").
 */
function segmentBelow({ rows, r, segment, match, ctx }: LabelHit): Segment | undefined {
  const height = rowHeight(rows[r]!);
  const words = segment.boxes.slice(codePointIndex(segment.text, match.start), codePointIndex(segment.text, match.end));
  const [left, right] = words.length > 0 ? [Math.min(...words.map((b) => b[0])), Math.max(...words.map((b) => b[2]))] : [segment.left, segment.right];
  const overlap = (s: Segment) => Math.min(s.right, right) - Math.max(s.left, left);
  for (let next = r + 1; next < rows.length; next++) {
    const row = rows[next]!;
    if (row.top - rows[r]!.bottom > MAX_BELOW_GAP * height) return undefined;
    if (ctx.tableRows?.has(`${segment.page}:${next}`)) return undefined;
    const under = row.segments.filter((s) => overlap(s) > 0).sort((a, b) => overlap(b) - overlap(a))[0];
    if (under) return isLabel(under.text, ctx) ? undefined : ownWords(under, [left, right], rows[r]!.segments.filter((s) => s !== segment));
  }
  return undefined;
}

/**
 * The words of a value segment that stand under this label rather than under a label beside it: two
 * cells read as one segment ("22. Februar 2025 RE-2025-6422" under "Datum" and "Gutschriftsnummer").
 */
function ownWords(under: Segment, label: readonly [number, number], others: readonly Segment[]): Segment {
  const across = (a: readonly [number, number], b: readonly [number, number]) => Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
  const words = [...under.text.matchAll(/\S+/gu)].map((m) => {
    const [from, to] = [codePointIndex(under.text, m.index), codePointIndex(under.text, m.index + m[0].length)];
    const boxes = under.boxes.slice(from, to);
    return { from, to, extent: [Math.min(...boxes.map((b) => b[0])), Math.max(...boxes.map((b) => b[2]))] as const };
  });
  const mine = words.filter((w) => !others.some((o) => across(w.extent, [o.left, o.right]) > across(w.extent, label)));
  if (mine.length === 0 || mine.length === words.length) return under;
  return sliceSegment(under, mine[0]!.from, mine[mine.length - 1]!.to) ?? under;
}
