// Date inputs (YYYY-MM-DD, the clerk's local day) <-> the RFC 3339 bounds of the list query. Pure.

/** The first instant of a local day, or undefined for an empty input. */
export function dayStart(day: string): string | undefined {
  return day === '' ? undefined : new Date(`${day}T00:00:00`).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The last second of a local day (the bound is inclusive). */
export function dayEnd(day: string): string | undefined {
  return day === '' ? undefined : new Date(`${day}T23:59:59`).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The local day of a bound, for the date input. */
export function dayOf(bound: string | undefined): string {
  if (bound === undefined) return '';
  const date = new Date(bound);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
