import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../../src/main/app/data-dir-lock.js';

describe('data folder lock', () => {
  it('takes over a lock left by a process that is gone, and releases it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docket-lock-'));
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await writeFile(join(dir, 'docket.lock'), String(gone));
    const lock = await lockDataDir(dir);
    expect(await readFile(join(dir, 'docket.lock'), 'utf8')).toBe(String(process.pid));
    await lock.release();
    await expect(readFile(join(dir, 'docket.lock'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a folder a running process holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docket-lock-'));
    await writeFile(join(dir, 'docket.lock'), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(`another Docket (process ${process.ppid}) is using ${dir}`);
  });
});
