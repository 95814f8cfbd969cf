import type { ExtractedField } from '../../shared/api/index.js';
import type { FieldSpec, Label, LabelKind } from './field-spec.js';
import { LabelVocabulary, separatorAt } from './label-vocabulary.js';
import { withoutEdgeNoise } from './layout/edge-noise.js';
import { rowHeight, rowsOf, sliceSegment, unionOf, verticesOf, type Box, type Segment, type VisualRow } from './layout/segments.js';
import type { ParsedFile } from './parsed-document.js';
import { codePointIndex, findTerm, findTermLoosely, type TermMatch } from './text-match.js';
import { applyTransforms, MISMATCH_CONFIDENCE_FACTOR } from './transforms/apply-transforms.js';

type ParsedDocument = ParsedFile['document'];

/**
 * Confidence of a found value: the kind of label times how the value was reached. 0.95 is the name
 * with a colon and the value beside it; anything under 0.6 is a guess a clerk should look at.
 */
export const CONFIDENCE = {
  label: { name: 0.95, alias: 0.9, prompt: 0.8 } satisfies Record<LabelKind, number>,
  /** Label and value with no colon between them ("Total 12.00", "发票代码044001900111"). */
  noColon: 0.8,
  /** The label is not the first thing in its segment (then only with a colon). */
  midSegment: 0.9,
  /** The value is the next segment on the row, or the nearest below a label standing alone (no colon needed). */
  rightOfLabel: 0.9,
  belowLabel: 0.8,
  /** The label was found only with one character read wrong (a field no exact label was found for). */
  looseLabel: 0.85,
  /** The value does not fit the field's transform settings. */
  transformMismatch: MISMATCH_CONFIDENCE_FACTOR,
  missing: 0,
} as const;

/** Of a multi-value field, values this close to the best one are all kept. */
const MULTI_VALUE_SHARE = 0.75;
/** A value below its label is at most this many text heights under it. */
const MAX_BELOW_GAP = 2;

interface Candidate {
  value: string;
  page: number;
  boxes: Box[];
  confidence: number;
  labelLength: number;
  /** Reading order: page, row, segment. */
  order: number;
}

export interface FieldContext {
  /** Every label of the category: keeps labels out of values. */
  vocabulary: LabelVocabulary;
  /** Rows that belong to a table ("page:row"): no field value is read across them. */
  tableRows?: ReadonlySet<string> | undefined;
}

/** One entry per field (per value for multi-value fields); a field not found has an empty value. */
export function extractFields(document: ParsedDocument, specs: readonly FieldSpec[], context?: FieldContext): ExtractedField[] {
  const rows = rowsOf(document);
  const ctx: FieldContext = context ?? { vocabulary: new LabelVocabulary(specs.flatMap((s) => s.labels.map((l) => l.text))) };
  return specs.flatMap((spec) => {
    const exact = candidatesOf(rows, spec, ctx, findTerm);
    const found = exact.length > 0 ? exact : candidatesOf(rows, spec, ctx, looseFinder(ctx.vocabulary)).map((c) => ({ ...c, confidence: c.confidence * CONFIDENCE.looseLabel }));
    const chosen = choose(spec, found.map((c) => transformed(c, spec)));
    if (chosen.length === 0) {
      const fallback = applyTransforms('', spec.transforms).value;
      return [{ key: spec.key, identifier: spec.identifier, value: fallback, position: [], confidence: CONFIDENCE.missing }];
    }
    return chosen.map((c) => ({
      key: spec.key,
      identifier: spec.identifier,
      value: c.value,
      position: [{ page: c.page, vertices: verticesOf(unionOf(c.boxes)) }],
      confidence: round(c.confidence),
    }));
  });
}

/** Labels found with one character misread, except where the text is exactly another label of the category. */
function looseFinder(vocabulary: LabelVocabulary) {
  return (text: string, term: string) => findTermLoosely(text, term).filter((m) => !vocabulary.isExactLabel(text.slice(m.start, m.end)));
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function transformed(candidate: Candidate, spec: FieldSpec): Candidate {
  const { value, fits } = applyTransforms(candidate.value, spec.transforms);
  return { ...candidate, value, confidence: candidate.confidence * (fits ? 1 : CONFIDENCE.transformMismatch) };
}

/** The best candidate (surest, then longest label, then first read); a multi-value field keeps all close to it. */
function choose(spec: FieldSpec, candidates: Candidate[]): Candidate[] {
  const unique = onePerValueBox(candidates);
  if (unique.length === 0) return [];
  const ranked = [...unique].sort((a, b) => b.confidence - a.confidence || b.labelLength - a.labelLength || a.order - b.order);
  if (!spec.multiValue) return [ranked[0]!];
  const kept = unique.filter((c) => c.confidence >= ranked[0]!.confidence * MULTI_VALUE_SHARE).sort((a, b) => a.order - b.order);
  return spec.distinctValues ? kept.filter((c, i) => kept.findIndex((k) => k.value === c.value) === i) : kept;
}

/** One value reached through two labels ("价税合计", "价税合计(小写)") counts once, at its surest. */
function onePerValueBox(candidates: readonly Candidate[]): Candidate[] {
  const byBox = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.page}:${c.boxes[0]!.join(',')}:${c.boxes.length}`;
    const held = byBox.get(key);
    if (!held || c.confidence > held.confidence || (c.confidence === held.confidence && c.labelLength > held.labelLength)) byBox.set(key, c);
  }
  return [...byBox.values()];
}

function candidatesOf(rows: readonly VisualRow[][], spec: FieldSpec, ctx: FieldContext, find: (text: string, term: string) => TermMatch[]): Candidate[] {
  const found: Candidate[] = [];
  rows.forEach((pageRows, p) =>
    pageRows.forEach((row, r) =>
      row.segments.forEach((segment, s) => {
        for (const label of spec.labels) {
          for (const match of find(segment.text, label.text)) {
            const candidate = valueOfLabel({ rows: pageRows, r, s, segment, label, match, ctx });
            if (candidate) found.push({ ...candidate, order: (p * 10_000 + r) * 100 + s });
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
  label: Label;
  match: { start: number; end: number };
  ctx: FieldContext;
}

/** The value a label occurrence points at: the rest of its segment, else the next segment, else the one below. */
function valueOfLabel(hit: LabelHit): Omit<Candidate, 'order'> | undefined {
  const { segment, label, match } = hit;
  const midSegment = segment.text.slice(0, match.start).trim() !== '';
  const separator = separatorAt(segment.text, match.end);
  if (midSegment && !separator.colon) return undefined;
  const base = CONFIDENCE.label[label.kind] * (midSegment ? CONFIDENCE.midSegment : 1);
  const labelLength = Array.from(label.text).length;
  const restStart = match.end + separator.length;
  if (restStart < segment.text.length) {
    const value = valuePart(segment, restStart, hit.ctx.vocabulary);
    return value && { ...value, confidence: base * (separator.colon ? 1 : CONFIDENCE.noColon), labelLength };
  }
  const inTable = hit.ctx.tableRows?.has(`${segment.page}:${hit.r}`) ?? false;
  if (inTable) return undefined;
  const right = hit.rows[hit.r]!.segments[hit.s + 1];
  if (right && !hit.ctx.vocabulary.opensWithLabel(right.text)) {
    const value = valuePart(right, 0, hit.ctx.vocabulary);
    return value && { ...value, confidence: base * CONFIDENCE.rightOfLabel, labelLength };
  }
  const below = segmentBelow(hit);
  if (!below) return undefined;
  const value = valuePart(below, 0, hit.ctx.vocabulary);
  return value && { ...value, confidence: base * CONFIDENCE.belowLabel, labelLength };
}

/** The text of a segment from a code-unit index, cut before the next label with a colon. */
function valuePart(segment: Segment, from: number, vocabulary: LabelVocabulary): Pick<Candidate, 'value' | 'page' | 'boxes'> | undefined {
  const rest = segment.text.slice(from);
  const end = from + vocabulary.valueEnd(rest);
  const cut = sliceSegment(segment, codePointIndex(segment.text, from), codePointIndex(segment.text, end));
  const part = cut && withoutEdgeNoise(cut);
  if (!part) return undefined;
  return { value: part.text, page: part.page, boxes: part.boxes };
}

/** The first segment under the label that overlaps it across, within two text heights. */
function segmentBelow({ rows, r, segment, ctx }: LabelHit): Segment | undefined {
  const height = rowHeight(rows[r]!);
  for (let next = r + 1; next < rows.length; next++) {
    const row = rows[next]!;
    if (row.top - rows[r]!.bottom > MAX_BELOW_GAP * height) return undefined;
    if (ctx.tableRows?.has(`${segment.page}:${next}`)) return undefined;
    const under = row.segments.find((s) => s.left < segment.right && s.right > segment.left);
    if (under) return ctx.vocabulary.opensWithLabel(under.text) ? undefined : under;
  }
  return undefined;
}
