import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 of a file's content, read as a stream (files may be 100 MB). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
