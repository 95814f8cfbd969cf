import { execFileSync } from 'node:child_process';
import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../../src/shared/api/index.js';
import type { CacheDb } from '../../../../../src/main/core/store/cache-db.js';
import { preflight } from '../../../../../src/main/core/uploads/preflight.js';
import { makeTextPdf } from '../../../../fixtures/text-pdf.js';
import { tempCache } from '../store/cache-fixture.js';

let dir: string;
let cache: CacheDb;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-preflight-'));
  cache = tempCache();
});
afterAll(() => cache.close());

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function blankPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([10, 10]);
  return doc.save();
}

const codes = (result: Awaited<ReturnType<typeof preflight>>) => result.warnings.map((w) => w.code);

describe('upload pre-flight', () => {
  it('passes a supported file, with its size, format and content hash', async () => {
    const result = await preflight(cache.local, await file('note.txt', 'hello'), 'w1');
    expect(result).toMatchObject({ name: 'note.txt', size: 5, format: 'txt', blocked: false, warnings: [] });
    expect(result.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });

  it('passes Word and Excel 97-2003 files as DOC and XLS', async () => {
    const legacy = join(import.meta.dirname, '../../../../fixtures/legacy-office');
    expect(await preflight(cache.local, join(legacy, 'letter.doc'), 'w1')).toMatchObject({ format: 'doc', blocked: false, warnings: [] });
    expect(await preflight(cache.local, join(legacy, 'workbook.xls'), 'w1')).toMatchObject({ format: 'xls', blocked: false, warnings: [] });
  });

  it('passes an XML e-invoice as XML', async () => {
    const invoices = join(import.meta.dirname, '../../../../fixtures/e-invoice');
    expect(await preflight(cache.local, join(invoices, 'nordlicht.cii.xml'), 'w1')).toMatchObject({ format: 'xml', blocked: false, warnings: [] });
  });

  it('blocks unsupported formats, empty files, unreadable paths and files over 100 MB', async () => {
    expect(codes(await preflight(cache.local, await file('tool.exe', 'MZ'), 'w1'))).toEqual(['unsupported_format']);
    expect(codes(await preflight(cache.local, await file('empty.txt', ''), 'w1'))).toEqual(['empty']);
    expect(codes(await preflight(cache.local, join(dir, 'missing.txt'), 'w1'))).toEqual(['unreadable']);
    const big = await file('big.txt', '');
    await truncate(big, LIMITS.fileBytes + 1);
    const result = await preflight(cache.local, big, 'w1');
    expect(codes(result)).toEqual(['too_large']);
    expect(result.blocked).toBe(true);
  });

  it('counts PDF pages with pdf.js and blocks more than 1000', async () => {
    expect((await preflight(cache.local, await file('three.pdf', await makeTextPdf([['a'], ['b'], ['c']])), 'w1')).pages).toBe(3);
    const many = await preflight(cache.local, await file('many.pdf', await blankPdf(LIMITS.filePages + 1)), 'w1');
    expect(many).toMatchObject({ pages: LIMITS.filePages + 1, blocked: true });
    expect(codes(many)).toEqual(['too_many_pages']);
    expect(codes(await preflight(cache.local, await file('broken.pdf', '%PDF-1.4 not really'), 'w1'))).toEqual(['unreadable']);
  });

  it('asks for the password of an encrypted PDF, and checks the one given', async () => {
    const plain = await file('plain.pdf', await makeTextPdf([['secret']]));
    const locked = join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'open-sesame', 'owner-pw', '256', '--', plain, locked]);
    const without = await preflight(cache.local, locked, 'w1');
    expect(codes(without)).toEqual(['needs_password']);
    expect(without.blocked).toBe(true);
    expect(without.warnings[0]!.message).toMatch(/password-protected/);
    expect((await preflight(cache.local, locked, 'w1', 'wrong')).warnings[0]!.message).toMatch(/does not open it/);
    expect(await preflight(cache.local, locked, 'w1', 'open-sesame')).toMatchObject({ pages: 1, blocked: false });
  });

  it('warns of content already uploaded or queued in the workspace', async () => {
    const path = await file('invoice.txt', 'INVOICE 42');
    const first = await preflight(cache.local, path, 'w1');
    cache.local
      .prepare("INSERT INTO uploads (upload_id, workspace_id, path, file_name, size, sha256, format, options, batch_number, source, state, created_ms, updated_ms) VALUES ('u1', 'w1', ?, 'invoice.txt', 10, ?, 'txt', '{}', 'B', 'user', 'uploaded', 0, 0)")
      .run(path, first.sha256);
    const again = await preflight(cache.local, await file('copy-of-invoice.txt', 'INVOICE 42'), 'w1');
    expect(again.warnings).toEqual([{ code: 'duplicate', message: 'copy-of-invoice.txt has the same content as invoice.txt, already uploaded' }]);
    expect(again.blocked).toBe(false);
    expect(codes(await preflight(cache.local, path, 'another-workspace'))).toEqual([]);
  });
});
