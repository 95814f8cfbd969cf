import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Page pictures on disk, named by the sha256 of their bytes: the same picture reached through two
 * links (a split child shows its parent's page) is stored once, and a name never lies about content.
 */
export class PageImageBlobs {
  constructor(private readonly dir: string) {}

  /** Writes the bytes (through a temporary name, so a crash never leaves half a picture) and answers their hash. */
  async put(bytes: Uint8Array): Promise<string> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const path = this.pathOf(hash);
    await mkdir(join(this.dir, hash.slice(0, 2)), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomUUID()}.part`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, path);
    return hash;
  }

  /** The bytes, or undefined when the file is gone (removed by hand, a cleared folder). */
  async read(hash: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    try {
      return new Uint8Array(await readFile(this.pathOf(hash)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(hash: string): Promise<void> {
    await rm(this.pathOf(hash), { force: true });
  }

  async removeAll(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a sha256 name: ${hash}`);
    return join(this.dir, hash.slice(0, 2), hash);
  }
}
