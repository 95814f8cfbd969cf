import { parseDate } from '../text/datetime.js';

/** A calendar date as a count of days since 1970-01-01, so that dates compare and subtract as numbers. */
export type DayNumber = number;

export type DateReading = { ok: true; day: DayNumber } | { ok: false; reason: string };

const MS_PER_DAY = 86_400_000;

export function dayNumber(year: number, month: number, day: number): DayNumber | undefined {
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return Math.round(ms / MS_PER_DAY);
}

/**
 * Reads a date as the rest of the engine does (the datetime transform of extraction, invoice
 * verification), so that a review never disagrees with them about what a printed date means:
 * see docs/review-rules.md, "Dates".
 */
export function readClerkDate(raw: string): DateReading {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'it is empty' };
  const parts = parseDate(text);
  const day = parts && dayNumber(parts.year, parts.month, parts.day);
  return day === undefined ? { ok: false, reason: `no date of the calendar can be read in '${text}'` } : { ok: true, day };
}

/** The calendar date of an instant on this computer's clock and time zone: "today" for the clerk. */
export function localDay(epochMs: number): DayNumber {
  const d = new Date(epochMs);
  return dayNumber(d.getFullYear(), d.getMonth() + 1, d.getDate())!;
}

export function dayText(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function dayParts(day: DayNumber): { year: number; month: number; day: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
