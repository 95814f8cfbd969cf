import { readFile } from 'node:fs/promises';
import { processTree } from '../engine-memory/process-memory.js';

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS = 100;

/** CPU seconds (user + system, every thread) the process and its descendants have used so far. */
export async function treeCpuSeconds(pid: number): Promise<number> {
  const times = await Promise.all(
    (await processTree(pid)).map(async (p) => {
      const stat = await readFile(`/proc/${p}/stat`, 'utf8').catch(() => '');
      // The command name may hold spaces: the fields are counted after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS;
    }),
  );
  return times.reduce((a, b) => a + b, 0);
}
