import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Taken before pdf.js is loaded in this test file's module graph.
const platformStringify = JSON.stringify;
const ENGINE = resolve(import.meta.dirname, '../../../../../../src/engine');

describe('the engine door to pdf.js', () => {
  it("leaves the platform's own JSON.stringify in place (pdf.js's legacy build installs a slow polyfill)", async () => {
    const door = await import('../../../../../../src/engine/pipeline/read/pdf/pdfjs.js');
    expect(door.getDocument).toBeTypeOf('function');
    expect(JSON.stringify).toBe(platformStringify);
  });

  it('is the only engine module that loads pdf.js, so that nothing loads it before the platform JSON.stringify is kept', async () => {
    const files = (await readdir(ENGINE, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const loading = [];
    for (const file of files) {
      const source = await readFile(join(ENGINE, file), 'utf8');
      if (/^import (?!type)[^;]*'pdfjs-dist\//mu.test(source) || /import\(\s*'pdfjs-dist\//u.test(source)) loading.push(file);
    }
    expect(loading).toEqual(['pipeline/read/pdf/pdfjs.ts']);
  });
});
