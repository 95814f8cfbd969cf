import type { ParsedFile, ParsedPage } from '../../document/parsed-document.js';
import type { PageReader } from './ocr-pool.js';
import type { PageResult, PageTask } from './page-task.js';

/**
 * Reads a file's pages through the reader, at most `capacity` at a time, so that pages of other
 * files are read in between and one long scan does not hold every worker. Stops at the first failure.
 */
export async function readPages(reader: PageReader, tasks: readonly PageTask[]): Promise<PageResult[]> {
  const results: PageResult[] = new Array(tasks.length);
  let [next, failed] = [0, false];
  const lane = async () => {
    while (next < tasks.length && !failed) {
      const index = next++;
      try {
        results[index] = await reader.read(tasks[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(reader.capacity, tasks.length) }, lane));
  return results;
}

export function parsedPageOf(result: PageResult): ParsedPage {
  const { angle, width, height, lines } = result.text;
  return { angle, width, height, lines };
}

/** The stamps, regions and sheet marks of recognised pages, numbered as pages of the parse (`pageNumbers[i]` for result i). */
export function pageFindings(results: readonly PageResult[], pageNumbers: readonly number[]): Required<Pick<ParsedFile, 'stamps' | 'regions' | 'sheets'>> {
  return {
    sheets: results.flatMap((r, i) => (r.sheet ? [{ ...r.sheet, page: pageNumbers[i]! }] : [])),
    stamps: results.flatMap((r, i) => r.stamps.map((stamp) => ({ ...stamp, page: pageNumbers[i]! }))),
    regions: results.flatMap((r, i) => r.regions.map((box) => ({ page: pageNumbers[i]!, box }))),
  };
}

/** One copy of the file that every worker thread reads. */
export function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}
