import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'page-image-secret';
const SECRET_BYTES = 32;

/**
 * The key page image URLs are signed with: random per engine, kept in its data folder (owner-only)
 * so that URLs stay valid across restarts. It is not the API secret, which never appears in a URL.
 */
export async function loadOrCreateImageSecret(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, SECRET_FILE);
  try {
    const secret = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
    if (secret.length === SECRET_BYTES) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Missing or damaged: a new secret only invalidates URLs handed out before, which clients refresh.
  const secret = randomBytes(SECRET_BYTES);
  await writeFile(path, secret.toString('hex'), { mode: 0o600 });
  return secret;
}
