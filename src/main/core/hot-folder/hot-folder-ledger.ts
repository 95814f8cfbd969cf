import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

const LedgerEntry = z.object({
  /** Name, size and modification time: a file replaced under the same name is a new file. */
  key: z.string(),
  path: z.string(),
  uploadId: z.string(),
  state: z.enum(['enqueued', 'uploaded']),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

const LedgerFile = z.object({ version: z.literal(1), folder: z.string(), entries: z.array(LedgerEntry) });

export function fileKey(name: string, size: number, mtimeMs: number): string {
  return `${name}\u0000${size}\u0000${Math.trunc(mtimeMs)}`;
}

/** Files of one hot folder already handed to the upload queue, kept on disk so a restart enqueues none twice. */
export class HotFolderLedger {
  #entries: Map<string, LedgerEntry>;

  private constructor(
    private readonly path: string,
    private readonly folder: string,
    entries: LedgerEntry[],
  ) {
    this.#entries = new Map(entries.map((entry) => [entry.key, entry]));
  }

  /** A ledger kept for another folder starts empty: its entries say nothing about this one. */
  static async open(path: string, folder: string): Promise<HotFolderLedger> {
    let entries: LedgerEntry[] = [];
    try {
      const parsed = LedgerFile.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success && parsed.data.folder === folder) entries = parsed.data.entries;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
    }
    return new HotFolderLedger(path, folder, entries);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  byUpload(uploadId: string): LedgerEntry | undefined {
    return [...this.#entries.values()].find((entry) => entry.uploadId === uploadId);
  }

  async put(entry: LedgerEntry): Promise<void> {
    this.#entries.set(entry.key, entry);
    await this.save();
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
    await this.save();
  }

  private async save(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify({ version: 1, folder: this.folder, entries: [...this.#entries.values()] }));
    await rename(temporary, this.path);
  }
}
