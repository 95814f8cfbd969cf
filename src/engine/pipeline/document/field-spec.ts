import type { FieldModel } from '../../store/category-models.js';
import type { TransformSettings } from '../../../shared/api/index.js';

/** Where a label comes from: the field's name is the surest sign, a phrase of a prompt the least. */
export type LabelKind = 'name' | 'alias' | 'prompt';

export interface Label {
  text: string;
  kind: LabelKind;
}

/** A field (or a table column) as the extractor sees it. */
export interface FieldSpec {
  key: string;
  identifier: string;
  /** The field's name first; aliases and prompt keywords after it. */
  labels: Label[];
  /** The prompts as written (the field's own and the request's): what the field is for, in the clerk's sentence. */
  prompt?: string | undefined;
  multiValue: boolean;
  distinctValues: boolean;
  transforms?: TransformSettings | undefined;
}

/**
 * A field's labels: its name, its aliases, and the keywords of its own prompt (unless use_prompt is
 * false) and of a prompt given with /file/extract_fields.
 */
export function fieldSpecOf(field: { name: string; definition: Partial<FieldModel['definition']> }, requestPrompt?: string): FieldSpec {
  const { definition } = field;
  const ownPrompt = definition.use_prompt === false ? '' : (definition.prompt ?? '');
  const labels: Label[] = [{ text: field.name, kind: 'name' }, ...(definition.alias ?? []).map((text): Label => ({ text, kind: 'alias' }))];
  for (const text of [...promptKeywords(ownPrompt), ...promptKeywords(requestPrompt)]) labels.push({ text, kind: 'prompt' });
  return {
    key: field.name,
    identifier: definition.identity ?? '',
    labels: distinctLabels(labels),
    prompt: [ownPrompt, requestPrompt ?? ''].filter((p) => p.trim() !== '').join('\n'),
    multiValue: definition.multi_value ?? false,
    distinctValues: definition.duplicate_value_distinct ?? false,
    transforms: definition.transform_settings,
  };
}

function distinctLabels(labels: readonly Label[]): Label[] {
  const seen = new Set<string>();
  return labels.filter((label) => {
    const key = label.text.trim().toLowerCase();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// A keyword is short: a prompt's long sentences describe where a value is, they are not printed on the page.
const MAX_KEYWORD_LENGTH = 20;
const QUOTED = /["“”「『'‘]([^"“”」』'’]{1,40})["“”」』'’]/gu;

/** Quoted terms of a prompt, else its short phrases (split at commas, semicolons, full stops and line breaks). */
export function promptKeywords(prompt: string | undefined): string[] {
  const text = prompt ?? '';
  const quoted = [...text.matchAll(QUOTED)].map((m) => m[1]!.trim());
  if (quoted.length > 0) return quoted;
  return text
    .split(/[,;，；、。\n]|\.\s/u)
    .map((p) => p.trim().replace(/[.:：]$/u, ''))
    .filter((p) => p !== '' && Array.from(p).length <= MAX_KEYWORD_LENGTH);
}
