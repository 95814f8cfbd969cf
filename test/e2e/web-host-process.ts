import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { decodeWireJson } from '../../src/shared/ipc/json-wire.js';
import { TEST_CREDENTIALS } from '../contract/engine-process.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface WebHostProcess {
  /** The address with the per-run token, to open once. */
  url: string;
  origin: string;
  /** SIGTERM, as a user quitting: the host stops the core and the engine; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * `npm run serve`'s web host (src/main/web/serve.ts) on the renderer build in out/, with its own data
 * folder; the build itself is made once by the caller (`npm run build`), not on every restart.
 */
export async function startWebHost(dataDir: string): Promise<WebHostProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main/web/serve.ts', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^docket listening on (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/.exec(line);
      if (match) resolveUrl(match[1]!);
    });
    void exited.then((code) => reject(new Error(`the web host exited with ${code} before listening:\n${output}`)));
  });
  return { url, origin: new URL(url).origin, stop: () => (child.kill('SIGTERM'), exited) };
}

/** One call of the app's contract through the web host, as the page makes it (bytes decoded as the page decodes them). */
export function ipcOf(host: WebHostProcess) {
  const token = new URL(host.url).searchParams.get('token')!;
  return async <T>(channel: string, args: unknown): Promise<T> => {
    const response = await fetch(`${host.origin}/ipc/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ args }) });
    const answer = decodeWireJson(await response.text()) as { ok: boolean; value?: T; error?: { message: string } };
    if (!answer.ok) throw new Error(`${channel}: ${answer.error?.message}`);
    return answer.value!;
  };
}

/** Makes the desk work on a cloud account: a profile for the engine at `origin` (the contract credentials, kept for the session), made active. */
export async function useCloudAccount(ipc: ReturnType<typeof ipcOf>, name: string, origin: string): Promise<void> {
  const profile = await ipc<{ id: string }>('profiles.create', { name, server: { kind: 'cloud', baseUrl: origin }, auth: 'headers', credentials: TEST_CREDENTIALS, sessionOnly: true });
  await ipc('profiles.activate', { id: profile.id });
}
