import { normalizeProse } from './prose-mentions.js';

/**
 * "a valid tax ID" says what kind of value, not which field: without this, "tax" would read as
 * the field Tax ("Seller tax ID must be a valid tax ID").
 */
const KIND_OF_VALUE = /\b(?:a )?valid (?:tax id|tax number|taxpayer id(?:entification number)?|vat number)\b/giu;

/** The prompt's sentences, normalized: lines, and sentence ends in either language (not a decimal point). */
export function sentencesOf(prompt: string): string[] {
  return prompt
    .split(/[\r\n。！？；!?;]+|\.(?!\d)/u)
    .map((s) => normalizeProse(s).replace(KIND_OF_VALUE, 'valid').trim())
    .filter((s) => s !== '');
}
