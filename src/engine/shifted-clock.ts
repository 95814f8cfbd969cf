/**
 * A clock that reads `start` now and runs on at the real pace from there: benchmarks and tests pin the
 * engine's "today" to a corpus's reference date while waits and durations still measure real time.
 */
export function shiftedClock(start: number, realNow: () => number = Date.now): () => number {
  const offset = start - realNow();
  return () => realNow() + offset;
}

/** A clock starting at noon UTC of an ISO day: the same calendar day in every time zone from UTC−11 to UTC+11. */
export function clockStartingOn(day: string): () => number {
  return shiftedClock(Date.parse(`${day}T12:00:00Z`));
}
