import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'docket.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One app per data folder: the desktop app and `npm run serve` would otherwise run two engines on
 * one store and two sync engines on one outbox. A lock left by a process that died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const path = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(`another Docket (process ${holder}) is using ${dataDir}; close it, or choose another data folder`);
    }
    // Left by a process that is gone: take it over (the exclusive create above settles a race).
    await rm(path, { force: true });
  }
}
