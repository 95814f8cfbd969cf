import { readdir, readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** Bytes, from /proc/<pid>/status, summed over the process and every process it started (threads are counted once, in their process). */
export type MemoryReading = { rss: number; hwm: number; anon: number; file: number; threads: number; /** The command names of the tree's processes, the engine's first. */ commands: string[] };
export type MemorySample = MemoryReading & { seconds: number };
/** What the summaries below read of a sample (bench/ocr/sustained-run.ts samples its own RSS only). */
type RssSample = Pick<MemorySample, 'seconds' | 'rss'>;

const KB_FIELDS = { rss: 'VmRSS', hwm: 'VmHWM', anon: 'RssAnon', file: 'RssFile' } as const;

/** The process and its descendants: a worker thread is a task of its process, a forked helper is a child of one of its tasks. */
export async function processTree(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const children = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
  const pids = children.flatMap((text) => text.split(' ').filter(Boolean).map(Number));
  return [pid, ...(await Promise.all(pids.map(processTree))).flat()];
}

/** One process's memory (its threads included), or undefined when it is gone. */
export async function processMemory(pid: number): Promise<MemoryReading | undefined> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const kb = Object.fromEntries(Object.entries(KB_FIELDS).map(([key, name]) => [key, field(name) * 1024])) as Pick<MemoryReading, keyof typeof KB_FIELDS>;
  return { ...kb, threads: field('Threads'), commands: [/^Name:\s+(.*)$/m.exec(text)?.[1] ?? '?'] };
}

/** Resident memory of the process tree now; the peaks (VmHWM) are summed too, so with helpers they are an upper bound. */
export async function readMemory(pid: number): Promise<MemoryReading> {
  const readings = (await Promise.all((await processTree(pid)).map(processMemory))).filter((r) => r !== undefined);
  return readings.reduce((sum, r) => ({ rss: sum.rss + r.rss, hwm: sum.hwm + r.hwm, anon: sum.anon + r.anon, file: sum.file + r.file, threads: sum.threads + r.threads, commands: [...sum.commands, ...r.commands] }), { rss: 0, hwm: 0, anon: 0, file: 0, threads: 0, commands: [] });
}

/** Linux restarts a process's VmHWM from its present RSS when 5 is written to clear_refs (same user needed); the whole tree's unless `alone`. */
export async function resetPeak(pid: number, alone = false): Promise<void> {
  await Promise.all((alone ? [pid] : await processTree(pid)).map((p) => writeFile(`/proc/${p}/clear_refs`, '5').catch(() => undefined)));
}

/** Samples the process tree every `intervalMs` until stopped; the kernel's peak is read once more at the end, so peaks between samples count. */
export function sampleMemory(pid: number, intervalMs: number): { stop(): Promise<{ samples: MemorySample[]; last: MemoryReading }> } {
  const started = performance.now();
  const samples: MemorySample[] = [];
  let running = true;
  // One reading at a time: under load a slow read of /proc delays the next one rather than piling up.
  const loop = (async () => {
    while (running) {
      samples.push({ seconds: (performance.now() - started) / 1000, ...(await readMemory(pid)) });
      await sleep(intervalMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { samples, last: await readMemory(pid) };
    },
  };
}

/** The median RSS over the last third of the run: where the process settled. */
export function steadyRss(samples: readonly RssSample[]): number {
  const tail = samples.slice(Math.floor((samples.length * 2) / 3)).map((s) => s.rss).sort((a, b) => a - b);
  return tail[Math.floor(tail.length / 2)] ?? 0;
}

/** The highest RSS sampled in each minute of the run. */
export function rssByMinute(samples: readonly RssSample[]): number[] {
  const highs: number[] = [];
  for (const s of samples) {
    const minute = Math.floor(s.seconds / 60);
    highs[minute] = Math.max(highs[minute] ?? 0, s.rss);
  }
  return Array.from(highs, (high) => high ?? 0);
}

/** The sample with the highest RSS. */
export function peakSample(samples: readonly MemorySample[]): MemorySample | undefined {
  return samples.reduce<MemorySample | undefined>((peak, s) => (peak === undefined || s.rss > peak.rss ? s : peak), undefined);
}
