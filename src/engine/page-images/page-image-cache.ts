import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Default byte budget of the rendered page cache: a few thousand pages. */
export const DEFAULT_IMAGE_CACHE_BYTES = 512 * 1024 * 1024;

const ENTRY = /^[0-9a-f]{64}\.img$/;

interface Entry {
  size: number;
  /** Last use, epoch ms; kept on disk as the file's mtime so that the order survives a restart. */
  usedAt: number;
}

/**
 * Rendered page images on disk, at most `budgetBytes` in all: least recently used first out. Keys
 * are any text (the caller's render key); files are named by its sha256, so nothing of the key
 * reaches a path.
 */
export class PageImageCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly budgetBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads what an earlier run left (temporary files of an interrupted write are removed), then trims to the budget. */
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      if (!ENTRY.test(name)) {
        await unlink(join(this.dir, name)).catch(() => undefined);
        continue;
      }
      const info = await stat(join(this.dir, name));
      this.remember(name, { size: info.size, usedAt: info.mtimeMs });
    }
    await this.evict();
  }

  get sizeBytes(): number {
    return this.total;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const name = nameOf(key);
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    try {
      const bytes = await readFile(join(this.dir, name));
      entry.usedAt = this.now();
      await utimes(join(this.dir, name), entry.usedAt / 1000, entry.usedAt / 1000).catch(() => undefined);
      return bytes;
    } catch {
      // Evicted meanwhile, or removed by hand: a miss.
      this.forget(name);
      return undefined;
    }
  }

  /** Keeps the bytes unless they alone are over the budget; evicts the least recently used until within it. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength > this.budgetBytes) return;
    const name = nameOf(key);
    const temp = join(this.dir, `${name}.${randomUUID()}.tmp`);
    await writeFile(temp, bytes);
    const usedAt = this.now();
    await utimes(temp, usedAt / 1000, usedAt / 1000);
    await rename(temp, join(this.dir, name));
    this.forget(name);
    this.remember(name, { size: bytes.byteLength, usedAt });
    await this.evict();
  }

  private async evict(): Promise<void> {
    if (this.total <= this.budgetBytes) return;
    const oldestFirst = [...this.entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [name] of oldestFirst) {
      if (this.total <= this.budgetBytes) break;
      this.forget(name);
      await unlink(join(this.dir, name)).catch(() => undefined);
    }
  }

  private remember(name: string, entry: Entry): void {
    this.entries.set(name, entry);
    this.total += entry.size;
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.total -= entry.size;
  }
}

function nameOf(key: string): string {
  return `${createHash('sha256').update(key).digest('hex')}.img`;
}
