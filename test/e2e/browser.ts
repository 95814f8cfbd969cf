import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { beforeEach } from 'vitest';

/** Debian's Chromium (apt-get install -y chromium fonts-noto-cjk); no browser is downloaded. */
export const CHROMIUM = process.env['DOCKET_CHROMIUM'] ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile folder, one page of a desk-sized window. */
export async function launchBrowser(viewport = { width: 1440, height: 900 }): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'docket-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: () => context.close() };
}

/** A failed step leaves the screen it failed on in test-results/, for the one who reads the failure. */
export function screenshotOnFailure(page: () => Page | undefined): void {
  const folder = resolve(import.meta.dirname, '../../test-results');
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await mkdir(folder, { recursive: true });
      await page()?.screenshot({ path: join(folder, `e2e-${task.name.replace(/[^\w]+/g, '-')}.png`) }).catch(() => undefined);
    });
  });
}
