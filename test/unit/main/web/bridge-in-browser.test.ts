import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../../src/main/app/event-hub.js';
import { settingsHandlers } from '../../../../src/main/app/handlers/settings-handlers.js';
import { SettingsStore } from '../../../../src/main/core/profiles/index.js';
import { startWebHost, type WebHost } from '../../../../src/main/web/web-host.js';
import { BINARY_WIRE_TYPE } from '../../../../src/shared/ipc/binary-wire.js';
import { createDispatcher } from '../../../../src/shared/ipc/dispatcher.js';

// The renderer's bridge, bundled as the renderer is, running in Chromium against the web host:
// what the end-to-end tests of the workstation stand on.
const BRIDGE = resolve(import.meta.dirname, '../../../../src/renderer/lib/bridge.ts');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The bridge as the page sees it; this test's project has no DOM types to import the renderer's own. */
interface PageBridge {
  invoke(channel: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
  localPaths(files: readonly File[]): Promise<string[]>;
}

/** Bytes of every value, different for each page. */
const picture = (page: number) => new Uint8Array(200_000).map((_, i) => (i * 31 + page) % 256);

let dir: string;
let host: WebHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-bridge-'));
  const pageDir = join(dir, 'page');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: await writeBridgePage(pageDir),
    build: { outDir: join(dir, 'renderer'), emptyOutDir: true },
  });
  const log = () => undefined;
  const events = new EventHub(log);
  const settings = await SettingsStore.open({ path: join(dir, 'settings.json') });
  const dispatcher = createDispatcher({
    ...settingsHandlers({ info: { version: '9.9.9', host: 'web', platform: 'linux' }, settings, events }),
    // A page picture as the image cache answers it: bytes, which travel in the binary frame.
    'pageImages.get': ({ page: n }) => ({ state: 'ready', mime_type: 'image/png', bytes: picture(n) }),
  });
  host = await startWebHost({ dispatcher, subscribe: (l) => events.subscribe(l), rendererDir: join(dir, 'renderer'), stageDir: join(dir, 'staged'), log });
  browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  page = await browser.newPage();
  await page.goto(host.url);
  await page.waitForFunction(() => 'bridge' in globalThis);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

async function writeBridgePage(pageDir: string): Promise<string> {
  await mkdir(pageDir, { recursive: true });
  await writeFile(join(pageDir, 'index.html'), '<!doctype html><title>bridge</title><script type="module" src="./entry.ts"></script>');
  await writeFile(join(pageDir, 'entry.ts'), `import * as bridge from ${JSON.stringify(BRIDGE)};\nObject.assign(globalThis, { bridge });\n`);
  return pageDir;
}

describe('the renderer bridge over the web host, in Chromium', () => {
  it('lands on the page with the token traded for a cookie, and without window.docket', async () => {
    expect(page.url()).toBe(`${host.origin}/`);
    expect(await page.evaluate(() => 'docket' in globalThis)).toBe(false);
  });

  it('calls the core and hears its events', async () => {
    const outcome = await page.evaluate(async () => {
      const { invoke, subscribe } = (globalThis as unknown as { bridge: PageBridge }).bridge;
      const heard = new Promise((resolveEvent) => {
        const stop = subscribe('preferences.changed', (payload) => {
          stop();
          resolveEvent(payload);
        });
      });
      // The socket opens asynchronously; a call made before it is open may be missed by design.
      await new Promise((r) => setTimeout(r, 300));
      const result = await invoke('preferences.update', { language: 'en' });
      return { info: await invoke('app.info', {}), result, heard: await heard };
    });
    expect(outcome.info).toEqual({ version: '9.9.9', host: 'web', platform: 'linux' });
    expect(outcome.result).toEqual({ language: 'en', pollIntervalSeconds: 10, offlineRetentionDays: 30 });
    expect(outcome.heard).toEqual(outcome.result);
  });

  it('receives answers holding bytes as a binary frame, not base64 in JSON', async () => {
    const types: string[] = [];
    page.on('response', (response) => void (response.url().includes('/ipc/pageImages.get') && types.push(response.headers()['content-type'] ?? '')));
    const answer = await page.evaluate(async () => {
      const { invoke } = (globalThis as unknown as { bridge: PageBridge }).bridge;
      const got = (await invoke('pageImages.get', { workspace_id: 'w', file_id: 'f', page: 3 })) as { state: string; bytes: Uint8Array };
      return { state: got.state, isBytes: got.bytes instanceof Uint8Array, bytes: [...got.bytes] };
    });
    expect(answer.state).toBe('ready');
    expect(answer.isBytes).toBe(true);
    expect(answer.bytes).toEqual([...picture(3)]);
    expect(types).toEqual([BINARY_WIRE_TYPE]);
  });

  it('rejects bad arguments with an IpcFailure carrying {code, message, retryable}', async () => {
    const failure = await page.evaluate(async () => {
      const { invoke } = (globalThis as unknown as { bridge: PageBridge }).bridge;
      try {
        await invoke('preferences.update', { language: 'klingon' });
        return undefined;
      } catch (error) {
        const { name, code, message, retryable } = error as { name: string; code: string; message: string; retryable: boolean };
        return { name, code, message, retryable };
      }
    });
    expect(failure).toEqual({ name: 'IpcFailure', code: 'INVALID_ARGUMENTS', message: expect.stringContaining('args.language'), retryable: false });
  });

  it('turns dropped files into local paths the upload queue can read', async () => {
    const paths = await page.evaluate(async () => {
      const { localPaths } = (globalThis as unknown as { bridge: PageBridge }).bridge;
      return localPaths([new File(['%PDF-1.7 dropped'], 'invoice 7.pdf'), new File(['png'], 'scan.png')]);
    });
    expect(paths).toHaveLength(2);
    expect(await readFile(paths[0]!, 'utf8')).toBe('%PDF-1.7 dropped');
    expect(paths[1]!.startsWith(join(dir, 'staged'))).toBe(true);
  });
});
