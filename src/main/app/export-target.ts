import { join } from 'node:path';

/**
 * Where an export is written: the path the clerk chose, else a new file in the exports folder named
 * with a file-name-safe timestamp, so that exports never overwrite one another.
 */
export function exportTarget(exportsDir: string, chosen: string | undefined, base: string, extension: string): string {
  return chosen ?? join(exportsDir, `${base}-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`);
}
