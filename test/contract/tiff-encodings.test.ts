import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/shared/api/index.js';
import { makeScanPage } from '../fixtures/scan-page.js';
import { LIBTIFF_FIXTURES, readLibtiffFixture } from '../fixtures/tiff/libtiff-fixtures.js';
import { makeEncodedTiff, withTiffTag, type TiffLayout } from '../fixtures/tiff-files.js';
import { useContractRig } from './contract-rig.js';
import { waitForTask } from './engine-process.js';

// Office scanners' TIFFs through the real engine: upload, decode in the OCR workers, read the text back.
const rig = useContractRig();

/** Uploads every file at once (the engine queues them) and waits for each to finish. */
async function processAll(files: readonly [string, Uint8Array][]): Promise<FileRecord[]> {
  const taskIds = await Promise.all(
    files.map(async ([name, bytes]) => {
      const path = join(rig.dir, name);
      await writeFile(path, bytes);
      return (await rig.engine.client.files.upload(path, { workspace_id: rig.workspaceId })).files[0]!.task_id;
    }),
  );
  return Promise.all(taskIds.map((taskId) => waitForTask(rig.engine.client, rig.workspaceId, taskId, 180_000)));
}

const texts = (record: FileRecord) => record.document!.pages.map((p) => p.lines.map((l) => l.text));
/** What a page drawn by makeScanPage answers in pages[]: image pixels, upright, no dpi of its own. */
const pagesOf = (pages: readonly (readonly string[])[]) => pages.map((lines, page) => ({ page, angle: 0, width: 820, height: 60 + lines.length * 80, dpi: 0 }));

function expectRead(record: FileRecord, pages: readonly (readonly string[])[]): void {
  expect(record.failure_causes ?? '', record.name).toBe('');
  expect(record, record.name).toMatchObject({ recognition_status: 1, total_page_num: pages.length });
  expect(record.pages, record.name).toEqual(pagesOf(pages));
  expect(texts(record), record.name).toEqual(pages);
}

describe('TIFFs as libtiff writes them', () => {
  it('reads CCITT Group 3 and 4 fax in either fill order, JPEG colour and grey, tiles, Deflate strips and colour planes stored apart, every page of a fax', async () => {
    const records = await processAll(LIBTIFF_FIXTURES.map((fixture) => [fixture.file, readLibtiffFixture(fixture.file)]));
    records.forEach((record, i) => expectRead(record, LIBTIFF_FIXTURES[i]!.pages));
  }, 240_000);
});

describe('TIFFs in every pixel layout and compression', () => {
  const FILES: [string, TiffLayout, string[][]][] = [
    ['bilevel-packbits-motorola.tif', { pixels: 'bilevel', compression: 'packbits', bigEndian: true }, [['Bilevel PackBits scan', 'Invoice Number: B-1001']]],
    ['bilevel-lzw-lsb-first.tif', { pixels: 'bilevel', compression: 'lzw', fillOrder: 2 }, [['Bilevel in fill order two', 'Total: 88.20']]],
    ['bilevel-deflate-black-is-zero.tif', { pixels: 'bilevel-black-is-zero', compression: 'deflate' }, [['White pixels stored as one', 'Tax: 12.60']]],
    [
      'grey-lzw-three-pages.tif',
      { pixels: 'grey', compression: 'lzw', predictor: true },
      [['Grey scan page one', 'Invoice Date: 2026-01-09'], ['Grey scan page two'], ['Grey scan page three', '合计金额：3,560.00']],
    ],
    ['grey-4-bit.tif', { pixels: 'grey4', compression: 'none' }, [['Sixteen shades of grey', 'Due Date: 2026-02-01']]],
    ['palette-lzw.tif', { pixels: 'palette', compression: 'lzw' }, [['Palette colour scan', 'Buyer: ACME Trading Ltd']]],
    ['palette-4-bit-packbits.tif', { pixels: 'palette4', compression: 'packbits' }, [['Four bit palette', 'Check Code: 12345678901234567890']]],
    ['rgb-deflate-predictor.tif', { pixels: 'rgb', compression: 'deflate', predictor: true }, [['RGB Deflate with predictor', 'Amount: 1,000.00']]],
    ['rgba-packbits.tif', { pixels: 'rgba', compression: 'packbits' }, [['RGB with alpha', 'Seller: Globex Corporation']]],
    ['cmyk-lzw.tif', { pixels: 'cmyk', compression: 'lzw' }, [['Printer CMYK colours', 'Order Date: 2026-04-30']]],
  ];

  it('reads bilevel, grey, palette, RGB and CMYK pages compressed with PackBits, LZW and Deflate', async () => {
    const records = await processAll(await Promise.all(FILES.map(async ([name, layout, pages]): Promise<[string, Uint8Array]> => [name, await makeEncodedTiff(pages.map(makeScanPage), layout)])));
    records.forEach((record, i) => expectRead(record, FILES[i]![2]));
  }, 240_000);
});

describe('TIFFs the engine cannot read', () => {
  it('fails encodings it cannot decode, and damaged strips, with a cause a clerk can act on, and goes on with other files', async () => {
    const pages = [['Readable first page'], ['Second page']];
    const lzw = await makeEncodedTiff(pages.map(makeScanPage), { pixels: 'rgb', compression: 'lzw' });
    // Our writer puts the strips right after the 8-byte header; this garbles their codes.
    const garbled = (await makeEncodedTiff([makeScanPage(['Garbled'])], { pixels: 'bilevel', compression: 'lzw' })).map((byte, i) => (i >= 8 && i < 600 && i % 5 === 0 ? 0xff : byte));
    const cases: [string, Uint8Array, string | RegExp][] = [
      ['jpeg-2000.tif', withTiffTag(lzw, 1, 259, 34712), 'Page 2 of the TIFF is compressed with JPEG 2000, which the local engine cannot decode. Save the scan as PDF, or as a TIFF with LZW, Deflate, PackBits, CCITT Group 4 or JPEG compression, and upload that.'],
      ['bare-bigtiff-header.tif', Uint8Array.from([0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]), 'The file is not a readable TIFF image (damaged, truncated or not really a TIFF).'],
      ['cut-off.tif', lzw.subarray(0, Math.floor(lzw.length * 0.6)), /^The TIFF image is truncated/],
      // libvips's error text is one per process; under load another page's decode may take its words.
      ['garbled.tif', garbled, /^The TIFF image could not be decoded \(damaged or truncated\)(?:: the LZW data is damaged)?\.$/],
    ];
    const records = await processAll([...cases.map(([name, bytes]): [string, Uint8Array] => [name, bytes]), ['fine.tif', lzw]]);
    cases.forEach(([name, , cause], i) => {
      expect(records[i]!.recognition_status, name).toBe(2);
      expect(records[i]!.failure_causes, name).toMatch(cause);
    });
    expectRead(records.at(-1)!, pages);
  }, 240_000);
});
