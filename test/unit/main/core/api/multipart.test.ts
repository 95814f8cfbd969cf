import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart, type Progress } from '../../../../../src/main/core/api/multipart.js';
import { readMultipart } from './read-multipart.js';

let dir: string;
let pdfPath: string;
let pngPath: string;
let emptyPath: string;
const pdfBytes = randomBytes(300_000); // several read chunks
const pngBytes = randomBytes(1_000);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-multipart-'));
  pdfPath = join(dir, '发票 "2026".pdf');
  pngPath = join(dir, 'scan.png');
  emptyPath = join(dir, 'empty.txt');
  await writeFile(pdfPath, pdfBytes);
  await writeFile(pngPath, pngBytes);
  await writeFile(emptyPath, '');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const texts = [
  { name: 'workspace_id', value: '1981692246135111700' },
  { name: 'fields', value: JSON.stringify([{ name: '金额' }]) },
];

describe('buildMultipart', () => {
  it('streams a body that busboy parses back into the same text parts, file names, types and bytes', async () => {
    const body = await buildMultipart(texts, [
      { name: 'sample_files', path: pdfPath },
      { name: 'sample_files', path: pngPath, fileName: 'renamed.png' },
      { name: 'sample_files', path: emptyPath },
    ]);
    const parsed = await readMultipart(body.contentType, await collect(body.stream()));

    expect(parsed.fields).toEqual({ workspace_id: '1981692246135111700', fields: '[{"name":"金额"}]' });
    expect(parsed.files.map(({ name, fileName, mimeType }) => ({ name, fileName, mimeType }))).toEqual([
      { name: 'sample_files', fileName: '发票 %222026%22.pdf', mimeType: 'application/pdf' },
      { name: 'sample_files', fileName: 'renamed.png', mimeType: 'image/png' },
      { name: 'sample_files', fileName: 'empty.txt', mimeType: 'text/plain' },
    ]);
    expect(parsed.files[0]!.data.equals(pdfBytes)).toBe(true);
    expect(parsed.files[1]!.data.equals(pngBytes)).toBe(true);
    expect(parsed.files[2]!.data.length).toBe(0);
  });

  it('announces a Content-Length equal to the bytes the stream produces', async () => {
    const body = await buildMultipart(texts, [{ name: 'file', path: pdfPath }]);
    const bytes = await collect(body.stream());
    expect(body.contentLength).toBe(bytes.length);
    expect(body.contentLength).toBeGreaterThan(pdfBytes.length);
  });

  it('reports growing progress that ends at totalBytes', async () => {
    const body = await buildMultipart(texts, [{ name: 'file', path: pdfPath }]);
    const reports: Progress[] = [];
    await collect(body.stream({ onProgress: (progress) => reports.push(progress) }));

    expect(reports.length).toBeGreaterThan(2);
    expect(reports.every((p) => p.totalBytes === body.contentLength)).toBe(true);
    expect(reports.every((p, i) => i === 0 || p.sentBytes > reports[i - 1]!.sentBytes)).toBe(true);
    expect(reports.at(-1)!.sentBytes).toBe(body.contentLength);
  });

  it('hashes exactly the bytes it streams, and gives a fresh stream each time', async () => {
    const body = await buildMultipart(texts, [{ name: 'file', path: pdfPath }], 'fixed-boundary');
    const first = await collect(body.stream());
    const second = await collect(body.stream());
    expect(second.equals(first)).toBe(true);
    expect(await body.sha256Hex()).toBe(createHash('sha256').update(first).digest('hex'));
  });

  it('stops producing bytes when the signal aborts', async () => {
    const body = await buildMultipart([], [{ name: 'file', path: pdfPath }]);
    const controller = new AbortController();
    let produced = 0;
    const stream = body.stream({
      signal: controller.signal,
      onProgress: ({ sentBytes }) => {
        produced = sentBytes;
        if (sentBytes > 0) controller.abort();
      },
    });
    await expect(collect(stream)).rejects.toMatchObject({ name: 'AbortError' });
    expect(produced).toBeLessThan(body.contentLength);
  });

  it('fails rather than send a short body when a file shrinks after Content-Length was fixed', async () => {
    const path = join(dir, 'shrinks.pdf');
    await writeFile(path, pdfBytes);
    const body = await buildMultipart([], [{ name: 'file', path }]);
    await truncate(path, 10);
    await expect(collect(body.stream())).rejects.toMatchObject({ code: 'ESIZECHANGED', path });
  });

  it('rejects a path that does not exist before any byte is produced', async () => {
    await expect(buildMultipart([], [{ name: 'file', path: join(dir, 'missing.pdf') }])).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
