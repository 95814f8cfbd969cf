import type { CheckSuggestion, SuggestedField } from '../../../shared/ipc/channels/rule-suggestions.js';
import { checkLinesOf } from '../../../shared/rule-language/check-lines.js';
import { parseCheck } from '../../../shared/rule-language/parser.js';
import { checkOfClaim, type Claim } from './check-shapes.js';
import { fieldTargetsOf, type FieldTarget, type SuggestionCategory } from './field-targets.js';
import { proseSegmentsOf } from './prose-mentions.js';
import { sentencesOf } from './prose-sentences.js';
import { proseSymbolsOf } from './prose-symbols.js';
import type { Written } from './written-check.js';

/** A sentence's claim; none when it grants a permission or holds words beyond the shapes. */
function claimOf(sentence: string, all: readonly FieldTarget[]): Claim | undefined {
  const symbols = proseSymbolsOf(proseSegmentsOf(sentence, all));
  if (symbols.some((s) => s.kind === 'may' || s.kind === 'block')) return undefined;
  const nots = symbols.filter((s) => s.kind === 'not').length;
  return { symbols: symbols.filter((s) => s.kind !== 'not'), negated: nots % 2 === 1, all };
}

/** Only what the engine's own parser reads is ever proposed. */
function parses(check: Written): boolean {
  try {
    parseCheck(check.text);
    return true;
  } catch {
    return false;
  }
}

function fieldsOf(checks: readonly Written[]): SuggestedField[] {
  const picks = checks.flatMap((c) => c.uses.flatMap((target) => target.picks));
  return picks.filter((p, i) => picks.findIndex((q) => q.category_id === p.category_id && q.field_id === p.field_id && q.table?.id === p.table?.id) === i);
}

/**
 * Check lines read from a rule's prose, naming the fields of its categories; null when the
 * prompt already has a check line or no sentence has a shape read with confidence.
 */
export function suggestCheck(prompt: string, categories: readonly SuggestionCategory[]): CheckSuggestion | null {
  if (checkLinesOf(prompt).length > 0) return null;
  const all = fieldTargetsOf(categories);
  const checks = sentencesOf(prompt)
    .map((sentence) => claimOf(sentence, all))
    .map((claim) => (claim ? checkOfClaim(claim) : undefined))
    .filter((check): check is Written => check !== undefined && parses(check));
  const unique = checks.filter((c, i) => checks.findIndex((d) => d.text === c.text) === i);
  return unique.length === 0 ? null : { checks: unique.map((c) => c.text), fields: fieldsOf(unique) };
}
