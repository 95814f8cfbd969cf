import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { EngineCredentials } from './http/auth.js';

const StoredCredentials = z.object({ appId: z.string().min(1), secret: z.string().min(16) });

/**
 * Credentials the engine generated for itself, kept in its data folder (mode 0600) so that a restart
 * keeps answering the same client. The desktop app passes its own, kept in the OS keychain.
 */
export async function loadOrCreateCredentials(dataDir: string): Promise<{ credentials: EngineCredentials; generated: boolean }> {
  const file = join(dataDir, 'credentials.json');
  try {
    return { credentials: StoredCredentials.parse(JSON.parse(await readFile(file, 'utf8'))), generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  const credentials = { appId: `local-${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return { credentials, generated: true };
}
