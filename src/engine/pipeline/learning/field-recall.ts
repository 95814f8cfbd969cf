import type { ExtractedField } from '../../../shared/api/index.js';
import type { Candidate } from '../fields/candidate.js';
import type { TypedValue } from '../fields/typed-value.js';
import type { FieldSpec } from '../document/field-spec.js';
import { rowsOf } from '../layout/segments.js';
import { unionOf, verticesOf } from '../layout/box.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { fingerprintOf, layoutSimilarity } from './fingerprint.js';
import { looseValues } from './loose-values.js';
import type { FieldMemory, LearnedDocument } from './learning-schema.js';
import { pageChars, type PageChar } from './page-text.js';
import { recallText, type Recalled } from './recall-text.js';
import { recallTyped } from './recall-typed.js';

// Documents whose layouts are at least this alike are one layout (fitted on the development receipts:
// 95 of 96 repeat receipts reach it with an earlier receipt of their merchant).
const LAYOUT_MATCH = 0.5;
// The most alike confirmed documents that vote on a field.
const MAX_VOTERS = 12;

/** The extractor's hook (FieldContext.recall): a field's candidates from the confirmed documents of the layout. */
export interface FieldRecall {
  candidates(spec: FieldSpec, typed: () => readonly TypedValue[]): Candidate[];
  /** Why each extracted field that a recalled candidate answered has its value, for the engine's log. */
  reasons(fields: readonly ExtractedField[]): string[];
}

/** The recall for a document, from the confirmed documents of its category; undefined when none has its layout. */
export function recallFor(document: ParsedFile['document'], learned: readonly LearnedDocument[]): FieldRecall | undefined {
  const rows = rowsOf(document);
  const fingerprint = fingerprintOf(rows);
  const similar = learned
    .map((doc) => ({ doc, similarity: layoutSimilarity(doc.fingerprint, fingerprint) }))
    .filter((d) => d.similarity >= LAYOUT_MATCH)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, MAX_VOTERS);
  if (similar.length === 0) return undefined;
  let chars: PageChar[] | undefined;
  let withLoose: TypedValue[] | undefined;
  const given = new Map<string, Recalled>();
  return {
    candidates(spec, typed) {
      const memories = similar.flatMap(({ doc }) => doc.fields.filter((f) => f.key === spec.key));
      const kind = mostCommonKind(memories);
      if (!kind) return [];
      const own = memories.filter((m) => m.kind === kind);
      const recalled = kind === 'text' ? recallText(rows, (chars ??= pageChars(rows)), own) : recallTyped(rows, (withLoose ??= [...typed(), ...looseValues(rows, typed())]), own);
      if (!recalled) return [];
      given.set(spec.key, recalled);
      return [recalled.candidate];
    },
    reasons(fields) {
      return fields.flatMap((field) => {
        const recalled = given.get(field.key);
        const answered = recalled && field.position?.some((p) => p.page === recalled.candidate.page && sameVertices(p.vertices, verticesOf(unionOf(recalled.candidate.boxes))));
        return answered ? [`${field.key}: learned from ${recalled.support} confirmed document${recalled.support === 1 ? '' : 's'}`] : [];
      });
    },
  };
}

function mostCommonKind(memories: readonly FieldMemory[]): FieldMemory['kind'] | undefined {
  const counts = new Map<FieldMemory['kind'], number>();
  for (const m of memories) counts.set(m.kind, (counts.get(m.kind) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const sameVertices = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
