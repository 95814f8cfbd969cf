import type { ImageFormat } from '../image/image-header.js';
import type { QuarterAngle } from '../image/raster.js';
import type { PageStamp } from '../stamps/detect-stamps.js';
import type { Region } from '../crop/find-regions.js';
import type { PageText } from './recognize-page.js';

/**
 * Where a page's pixels come from. The file's bytes are shared between the worker threads (one
 * copy however many pages); `key` lets a worker keep a PDF open between its pages.
 */
export type PageSource =
  | { kind: 'image'; format: ImageFormat; bytes: SharedArrayBuffer; page: number }
  | { kind: 'pdf'; key: string; bytes: SharedArrayBuffer; password: string | undefined; page: number; dpi: number };

/** A crop child's part of its parent's page: a box on the parent page turned upright by `parentAngle`. */
export type PageCrop = { box: Region; parentAngle: QuarterAngle };

/** One page to read in a worker, and what to look for besides its text. */
export type PageTask = { source: PageSource; crop?: PageCrop | undefined; stamps: boolean; regions: boolean };

export type PageResult = { text: PageText; stamps: PageStamp[]; regions: Region[] };

/** A failure of the page itself (damaged, too large) comes back worded for the user, not thrown across threads. */
export type PageOutcome = { ok: true; page: PageResult } | { ok: false; failure: string };
