import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink } from 'node:fs/promises';
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

  /** Moves a finished temporary file into the store and returns its hash. */
  async adopt(tempPath: string): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(tempPath), hash);
    const sha256 = hash.digest('hex');
    const target = this.pathOf(sha256);
    await mkdir(join(this.root, sha256.slice(0, 2)), { recursive: true });
    const { size } = await stat(tempPath);
    if (await exists(target)) await unlink(tempPath);
    else await rename(tempPath, target);
    return { sha256, size };
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256));
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
