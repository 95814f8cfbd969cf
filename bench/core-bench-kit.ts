import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileData, FileDocument, FileRecord } from '../src/shared/api/index.js';
import { startEngine } from '../src/engine/server.js';
import { insertFile, patchFile } from '../src/engine/store/file-store.js';

// Shared by the desktop-core benchmarks (bench/core-*.ts): timing, percentiles and synthetic files.

export const CREDENTIALS = { appId: 'core-bench', secret: 'core-bench-secret-0123456789' } as const;
export const VENDORS = ['ACME Ltd', 'Globex', 'Initech', 'Umbrella', 'Hooli', '深圳市腾讯计算机系统有限公司', 'Stark Industries', 'Wayne Enterprises'];
export const CATEGORIES = ['Invoice', 'Receipt', 'Contract', 'Letter', 'Statement'];

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function median(samples: readonly number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

/** Milliseconds taken by `work`. */
export async function timed(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** A deterministic generator, so that every run measures the same data. */
export function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** The data and recognized text of synthetic file number i: fields, a few lines, an invoice result on some. */
export function syntheticContent(i: number, lines = 12): { data: FileData; document: FileDocument } {
  const vendor = VENDORS[i % VENDORS.length]!;
  const total = ((i * 37) % 100_000) / 100;
  const text = [
    vendor,
    `Invoice Number: INV-${2026_000_000 + i}`,
    `Date: 2026-0${(i % 9) + 1}-1${i % 10}`,
    `Total Amount: ${total.toFixed(2)}`,
    ...Array.from({ length: lines - 4 }, (_, n) => `Line ${n}: item ${(i * 7 + n) % 997} quantity ${n + 1} price ${((i + n) % 50) + 1}.00`),
  ];
  const position = [10, 10, 200, 10, 200, 30, 10, 30];
  return {
    data: {
      fields: [
        { key: 'Vendor', value: vendor, position: [] },
        { key: 'Invoice Number', value: `INV-${2026_000_000 + i}`, position: [] },
        { key: 'Total Amount', value: total.toFixed(2), position: [] },
      ],
      items: [],
      tables: [],
      stamps: [],
      handwritings: [],
      ...(i % 3 === 0 ? {} : { invoiceVerifyResult: { invoiceVerifyStatus: i % 3 === 1 ? 1 : 0 } }),
    },
    document: { pages: [{ angle: 0, width: 1240, height: 1754, lines: text.map((t) => ({ text: t, position, charPositions: [] })) }] },
  };
}

/** A file record as /file/fetch answers it (documents included), for seeding a cache directly. */
export function syntheticRecord(i: number, baseMs: number): FileRecord {
  const { data, document } = syntheticContent(i);
  return {
    id: String(1_900_000_000_000_000_000n + BigInt(i)),
    task_id: String(1_910_000_000_000_000_000n + BigInt(i)),
    task_type: 1,
    batch_number: `B${Math.floor(i / 50)}`,
    name: `scan-${String(i).padStart(6, '0')}.pdf`,
    format: 'pdf',
    recognition_status: i % 50 === 0 ? 2 : 1,
    verification_status: [0, 2, 3, 5][i % 4]!,
    category: CATEGORIES[i % CATEGORIES.length]!,
    pages: [{ page: 0, angle: 0, width: 1240, height: 1754, dpi: 144 }],
    data,
    document,
    child_files: [],
    total_page_num: 1,
    updated_at: new Date(baseMs + i * 1000).toISOString(),
  };
}

/**
 * An engine data folder holding `count` processed files, written through the engine's own store
 * (no pipeline runs): the engine then serves them as if it had processed them.
 */
export async function seededEngineData(count: number): Promise<{ dataDir: string; workspaceId: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docket-core-bench-'));
  const engine = await startEngine({ dataDir, credentials: CREDENTIALS, starter: false, log: () => undefined });
  const { deps } = engine;
  const workspaceId = deps.db.prepare('SELECT id FROM workspaces LIMIT 1').pluck().get() as string;
  deps.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const { data, document } = syntheticContent(i);
      const row = insertFile(deps, { workspaceId, taskType: 1, batchNumber: `B${Math.floor(i / 50)}`, name: `scan-${i}.pdf`, format: 'pdf', blob: 'none', size: 1, category: CATEGORIES[i % CATEGORIES.length]!, options: {}, parserParams: {} });
      patchFile(deps, row.id, { recognition_status: 1, data, document, pages: [{ page: 0, angle: 0, width: 1240, height: 1754, dpi: 144 }], total_page_num: 1 });
    }
  })();
  await engine.close();
  return { dataDir, workspaceId };
}
