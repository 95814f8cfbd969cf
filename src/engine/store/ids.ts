/**
 * 19-digit decimal ids like the published service's, so every client path is exercised with ids a
 * double cannot hold. Monotonic within a process; time-based across restarts.
 */
export class IdGenerator {
  private last = 0n;

  next(): string {
    const candidate = BigInt(Date.now()) * 1_000_000n;
    this.last = candidate > this.last ? candidate : this.last + 1n;
    return this.last.toString();
  }
}
