import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
