import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BodyTooLarge } from './http-replies.js';

/**
 * A browser hides the paths of dropped files, so the web host stores their bytes under its own
 * folder and answers a local path the upload queue can read, as Electron's paths would be.
 */
export async function stageUpload(request: IncomingMessage, stageDir: string, name: string, maxBytes: number): Promise<string> {
  const folder = join(stageDir, randomBytes(8).toString('hex'));
  await mkdir(folder, { recursive: true });
  const path = join(folder, safeFileName(name));
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? new BodyTooLarge(`the file is over ${maxBytes} bytes`) : null, chunk);
    },
  });
  try {
    await pipeline(request, limit, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return path;
}

/** The last path segment, without control characters: the name is the browser's, not a path. */
export function safeFileName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

/**
 * Staged files are what the upload queue reads (again after a restart) and what the viewer shows:
 * they outlive the web host, and only folders older than maxAgeMs are removed, at start.
 */
export async function pruneStaged(stageDir: string, maxAgeMs: number, now: number = Date.now()): Promise<void> {
  const entries = await readdir(stageDir).catch((): string[] => []);
  for (const entry of entries) {
    const folder = join(stageDir, entry);
    const info = await stat(folder).catch(() => undefined);
    if (info !== undefined && now - info.mtimeMs > maxAgeMs) await rm(folder, { recursive: true, force: true });
  }
}
