import type { TransformSettings } from '../../../shared/api/index.js';
import { formatDate, parseDate, type SlashOrder } from '../../../shared/text/datetime.js';
import { matchItem } from './enumerate.js';
import { applyRegex } from './regex.js';

/** A value that does not fit its field's transforms is kept (for a clerk to correct) at this share of its confidence. */
export const MISMATCH_CONFIDENCE_FACTOR = 0.5;

export interface TransformResult {
  value: string;
  /** False when a configured transform did not fit the value (the default value, if any, was used). */
  fits: boolean;
}

/**
 * A found value through the field's transforms, in the order regex, date format, enumeration.
 * A value that does not fit one takes `mismatch_action.default_value` when set, else stays as read
 * (and the caller lowers its confidence). A field not found at all ('') takes the default value too.
 * A date is read in the document's slash order (fields/date-order.ts).
 */
export function applyTransforms(raw: string, settings: TransformSettings | undefined, slashes: SlashOrder = 'day-first'): TransformResult {
  if (!settings) return { value: raw, fits: true };
  const fallback = settings.mismatch_action?.default_value;
  if (raw === '') return { value: fallback ?? '', fits: true };
  const value = transformed(raw, settings, slashes);
  if (value !== undefined) return { value, fits: true };
  return { value: fallback ?? raw, fits: false };
}

function transformed(raw: string, settings: TransformSettings, slashes: SlashOrder): string | undefined {
  let value = raw;
  if (settings.regex_settings) {
    const outcome = applyRegex(value, settings.regex_settings);
    // A broken pattern cannot judge the value: it is passed over.
    if (outcome.kind === 'mismatch') return undefined;
    if (outcome.kind === 'matched') value = outcome.value;
  }
  if (settings.datetime_settings) {
    const date = parseDate(value, slashes);
    if (!date) return undefined;
    value = formatDate(date, settings.datetime_settings.format);
  }
  if (settings.enumerate_settings) {
    const item = matchItem(value, settings.enumerate_settings.items);
    if (item === undefined) return undefined;
    value = item;
  }
  return value;
}
