import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '../../../../src/engine/pipeline/sample-text.js';
import { makeTextPdf } from '../../../fixtures/text-pdf.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-sample-text-'));
});

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('sampleText', () => {
  it('reads a text sample as UTF-8 without its byte order mark', async () => {
    expect(await sampleText(await file('a.txt', '\uFEFFRechnung Nr. 7 — Σ 12,00 €'), 'txt')).toBe('Rechnung Nr. 7 — Σ 12,00 €');
  });

  it('reads the text layer of a PDF, line by line and page by page', async () => {
    const pdf = await makeTextPdf([['INVOICE', 'Number 42'], ['Page two']]);
    expect(await sampleText(await file('a.pdf', pdf), 'pdf')).toBe('INVOICE\nNumber 42\nPage two');
  });

  it('gives no text, and no error, for a damaged PDF, a missing file or a format without a text layer', async () => {
    expect(await sampleText(await file('broken.pdf', 'not a pdf at all'), 'pdf')).toBe('');
    expect(await sampleText(join(dir, 'missing.txt'), 'txt')).toBe('');
    expect(await sampleText(await file('scan.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])), 'png')).toBe('');
  });
});
