// Numbers, sizes and times as a clerk reads them, in the interface language. Pure.
import type { Language } from '../i18n/language';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 365],
];

// Intl formatters are slow to build: one per language, kept (a list of rows formats hundreds of dates).
const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

function cached<F>(cache: Map<Language, F>, language: Language, make: () => F): F {
  let format = cache.get(language);
  if (format === undefined) {
    format = make();
    cache.set(language, format);
  }
  return format;
}

/** "5 minutes ago" / "5分钟前". */
export function formatRelativeTime(atMs: number, nowMs: number, language: Language): string {
  const format = cached(relativeFormats, language, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  let value = Math.round((atMs - nowMs) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(unit === 'second' && Math.abs(value) < 10 ? 0 : value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, 'year');
}

export function formatDateTime(atMs: number, language: Language): string {
  return cached(dateTimeFormats, language, () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' })).format(new Date(atMs));
}

/** A confidence (0..1) as a whole percentage; unknown stays empty. */
export function formatPercent(share: number | undefined): string {
  return share === undefined ? '' : `${Math.round(share * 100)}%`;
}
