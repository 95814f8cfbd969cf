import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Originals stored content-addressed: the same bytes uploaded twice are kept once. */
export class BlobStore {
  constructor(private readonly root: string) {}

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  pathOf(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  /**
   * Moves a finished temporary file into the store and returns its hash. The bytes and the directory
   * entry reach the disk before the caller records the file: an acknowledged upload survives a power cut.
   */
  async adopt(tempPath: string): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(tempPath), hash);
    const sha256 = hash.digest('hex');
    const folder = join(this.root, sha256.slice(0, 2));
    const target = this.pathOf(sha256);
    await mkdir(folder, { recursive: true });
    const { size } = await stat(tempPath);
    if (await exists(target)) {
      await unlink(tempPath);
    } else {
      await syncToDisk(tempPath);
      await rename(tempPath, target);
      await syncToDisk(folder);
    }
    return { sha256, size };
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256));
  }
}

async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
