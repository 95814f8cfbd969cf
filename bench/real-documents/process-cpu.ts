import { readFile } from 'node:fs/promises';

/** CPU seconds a process has used so far (user + system, every thread), from /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
