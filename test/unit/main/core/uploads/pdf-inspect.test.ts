import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../../../src/main/core/uploads/pdf-inspect.js';
import { makeTextPdf } from '../../../../fixtures/text-pdf.js';

// Taken before pdf.js is first loaded in this test file's module graph.
const platformStringify = JSON.stringify;

describe('inspectPdf', () => {
  it("counts a PDF's pages and leaves the platform's own JSON.stringify in place after loading pdf.js", async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'docket-inspect-')), 'two.pdf');
    await writeFile(path, await makeTextPdf([['page one'], ['page two']]));
    expect(await inspectPdf(path)).toEqual({ kind: 'ok', pages: 2 });
    expect(JSON.stringify).toBe(platformStringify);
  });
});
