import type { ImageFormat } from '../image/image-header.js';
import type { QuarterAngle } from '../image/raster.js';
import type { PageStamp } from '../marks/detect-stamps.js';
import type { Region } from '../marks/find-regions.js';
import type { ParsedPage } from '../../document/parsed-document.js';
import type { SheetMarks } from '../../document/parsed-document.js';
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

/** `sheet`: how much ink and how many bars the page holds, for split to tell blank and separator pages. */
export type PageResult = { text: PageText; stamps: PageStamp[]; regions: Region[]; sheet?: SheetMarks | undefined };

/**
 * A PDF's text layer, read in a worker so that parsing does not hold the engine's HTTP thread. With
 * `textLayer` false (parse_mode scan, crop children) only the page numbers are checked.
 */
export type TextLayerTask = { key: string; bytes: SharedArrayBuffer; password: string | undefined; pageIndexes: number[] | undefined; dpi: number; textLayer: boolean };

/** The pages read (0-based, in the order asked), their text (null where no text layer was read) and the seals on each text page. */
export type TextLayerResult = { indexes: number[]; pages: (ParsedPage | null)[]; stamps: PageStamp[][] };

/** A failure of the file or page itself (damaged, too large, password) comes back worded for the user, not thrown across threads. */
export type WorkerOutcome<T> = { ok: true; value: T } | { ok: false; failure: string };
