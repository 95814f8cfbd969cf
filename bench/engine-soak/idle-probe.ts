import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';
import { processMemory } from '../engine-memory/process-memory.js';

/**
 * What an idle engine holds, for the soak bench's --probe (the engine started with
 * NODE_OPTIONS=--inspect=127.0.0.1:0): its resident size with its anonymous and file-backed parts,
 * and its main thread's V8 heap (process.memoryUsage() over the inspector). With `reclaim`, then
 * what a full garbage collection gives back, and what glibc's malloc_trim(0) gives back after it:
 * the growth that is garbage not yet collected, memory freed but kept by the allocator, or neither.
 */
export type IdleProbe = {
  rss: number;
  anon: number;
  file: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** MB V8 keeps committed per space (new_space: the young generation), those over 1 MB. */
  spaces: Record<string, number>;
  /** After a full collection (HeapProfiler.collectGarbage). */
  collected?: { rss: number; heapTotal: number; heapUsed: number; external: number };
  /** After malloc_trim(0) as well (the engine's own addon). */
  trimmed?: { rss: number };
};

type Usage = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

/** The inspector's WebSocket address of `pid`: among the ports it listens on, the one that answers /json/list. */
async function inspectorUrl(pid: number): Promise<string | undefined> {
  const listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => /127\.0\.0\.1:(\d+)/.exec(line)?.[1])
    .filter((port) => port !== undefined);
  for (const port of listening) {
    const targets = await fetch(`http://127.0.0.1:${port}/json/list`)
      .then((response) => (response.ok ? (response.json() as Promise<{ webSocketDebuggerUrl?: string }[]>) : undefined))
      .catch(() => undefined);
    const url = Array.isArray(targets) ? targets[0]?.webSocketDebuggerUrl : undefined;
    if (url) return url;
  }
  return undefined;
}

/** A minimal Chrome DevTools Protocol session: one method call after another. */
async function session(url: string): Promise<{ call(method: string, params?: object): Promise<Record<string, unknown>>; close(): void }> {
  const socket = new WebSocket(url);
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  let id = 0;
  const waiting = new Map<number, (message: { result?: Record<string, unknown>; error?: unknown }) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return {
    async call(method, params = {}) {
      const message = await new Promise<{ result?: Record<string, unknown>; error?: unknown }>((answered) => {
        waiting.set(++id, answered);
        socket.send(JSON.stringify({ id, method, params }));
      });
      if (message.error) throw new Error(`${method}: ${JSON.stringify(message.error)}`);
      return message.result ?? {};
    },
    close: () => socket.close(),
  };
}

const USAGE = 'JSON.stringify(process.memoryUsage())';
const SPACES = "JSON.stringify(process.getBuiltinModule('node:v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]))";
// The engine's own addon, from where the engine was started (its node_modules).
const TRIM = "process.getBuiltinModule('node:module').createRequire(process.argv[1])('docket-malloc-trim').trim()";

/** Reads what the idle engine `pid` holds; `reclaim` collects its garbage and trims its heaps afterwards (this changes what follows). */
export async function probeIdle(pid: number, reclaim: boolean): Promise<IdleProbe | undefined> {
  const url = await inspectorUrl(pid);
  if (!url) return undefined;
  const cdp = await session(url);
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result } = (await cdp.call('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: T } };
    return result.value;
  };
  const usage = async () => JSON.parse(await evaluate<string>(USAGE)) as Usage;
  const status = async () => (await processMemory(pid))!;
  try {
    const [before, memory] = [await usage(), await status()];
    const spaces = Object.fromEntries((JSON.parse(await evaluate<string>(SPACES)) as [string, number][]).filter(([, size]) => size >= 2 ** 20).map(([name, size]) => [name, Math.round(size / 2 ** 20)]));
    const probe: IdleProbe = { rss: memory.rss, anon: memory.anon, file: memory.file, heapTotal: before.heapTotal, heapUsed: before.heapUsed, external: before.external, arrayBuffers: before.arrayBuffers, spaces };
    if (!reclaim) return probe;
    await cdp.call('HeapProfiler.collectGarbage');
    const after = await usage();
    probe.collected = { rss: (await status()).rss, heapTotal: after.heapTotal, heapUsed: after.heapUsed, external: after.external };
    await evaluate(TRIM);
    probe.trimmed = { rss: (await status()).rss };
    return probe;
  } finally {
    cdp.close();
  }
}
