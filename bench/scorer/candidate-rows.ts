import type { Features } from '../../src/engine/pipeline/fields/candidate-features.js';
import { sameAs } from '../real-documents/compare-values.js';
import { documentValues } from './document-values.js';
import type { ScorerDocument } from './scorer-set.js';

/** One line of the scorer's fitting data (fit-scorer.py reads them). */
export interface CandidateRow {
  family: string;
  keptOut: boolean;
  id: string;
  field: string;
  /** 1 when the candidate is the printed value, as a clerk compares it. */
  label: 0 | 1;
  features: Features;
}

/** Every candidate the readers propose for a field of the document that has a truth. */
export function candidateRows(doc: ScorerDocument): CandidateRow[] {
  const rows: CandidateRow[] = [];
  documentValues(doc, {
    observe: (spec, _role, scored) => {
      const truth = doc.truth[spec.key];
      if (!truth) return;
      for (const { candidate, features } of scored) rows.push({ family: doc.family, keptOut: doc.keptOut, id: doc.id, field: spec.key, label: sameAs(truth.kind, truth.value, candidate.value) ? 1 : 0, features });
    },
  });
  return rows;
}
