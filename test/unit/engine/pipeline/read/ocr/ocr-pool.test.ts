import { afterEach, describe, expect, it } from 'vitest';
import type { HeapTrim } from '../../../../../../src/engine/pipeline/read/ocr/heap-trim.js';
import { OcrPool } from '../../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parsePdf } from '../../../../../../src/engine/pipeline/read/parse-pdf.js';
import { makeTextPdf } from '../../../../../fixtures/text-pdf.js';
import { until } from '../../../../../support/poll.js';

/** A trim the pool reported, with the workers alive when it came and whether V8's heap was collected before it. */
type Seen = { trim: HeapTrim; alive: number; collected: boolean };

// The real pool and worker, two threads, a short idle time (the engine's is a minute). Run from
// TypeScript, a worker takes seconds to start (its own tsx loader), hence the long test timeouts.
function poolSeeingTrims(): { pool: OcrPool; seen: Seen[] } {
  const seen: Seen[] = [];
  const pool: OcrPool = new OcrPool({ threads: 2, idleTimeoutMs: 1500, onHeapTrim: (trim, collected) => seen.push({ trim, alive: pool.workersAlive, collected }) });
  return { pool, seen };
}

/** Two PDFs read at once, so both workers start. */
async function readTwo(pool: OcrPool): Promise<void> {
  const pdfs = await Promise.all([makeTextPdf([['first']]), makeTextPdf([['second']])]);
  await Promise.all(pdfs.map((pdf) => parsePdf(pdf, { dpi: 72, reader: pool })));
}

let open: OcrPool | undefined;
afterEach(() => open?.close());

describe('OcrPool giving memory back', () => {
  it('trims the heap once, when the last of its workers has stopped after the idle time, and again after the next batch', async () => {
    const { pool, seen } = poolSeeingTrims();
    open = pool;
    await readTwo(pool);
    expect(pool.workersAlive).toBe(2);
    expect(seen).toEqual([]);
    await until(() => pool.workersAlive === 0, { timeoutMs: 60_000, what: 'the idle workers to stop' });
    // Both workers stopped, one trim, after V8's heap was collected: none while the first was still alive.
    await until(() => seen.length > 0, { timeoutMs: 10_000, what: 'the trim' });
    expect(seen).toEqual([{ trim: { available: true, released: expect.any(Boolean) }, alive: 0, collected: true }]);

    await readTwo(pool);
    await until(() => seen.length === 2, { timeoutMs: 60_000, what: 'the second trim' });
    expect(seen.map((s) => [s.alive, s.collected])).toEqual([
      [0, true],
      [0, true],
    ]);
  }, 180_000);

  it('does not trim when the engine closes the pool', async () => {
    const { pool, seen } = poolSeeingTrims();
    await readTwo(pool);
    await pool.close();
    expect(pool.workersAlive).toBe(0);
    expect(seen).toEqual([]);
  }, 120_000);
});
