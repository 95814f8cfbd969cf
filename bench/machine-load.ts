import { loadavg } from 'node:os';

/** The load average over 1, 5 and 15 minutes, printed beside figures measured on a shared machine. */
export function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(1)).join(', ');
}
