import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../support/import-cycles.js';

describe('import cycles', () => {
  it('finds none in src, type-only imports included', () => {
    expect(importCycles(resolve(import.meta.dirname, '../../src'))).toEqual([]);
  });

  it('finds a circle tied by a type-only import, and leaves the file outside it out', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docket-cycles-'));
    try {
      await writeFile(join(folder, 'a.ts'), "import type { B } from './b.js';\nexport type A = { b?: B };\n");
      await writeFile(join(folder, 'b.ts'), "import { type A } from './a';\nexport type B = { a?: A };\n");
      await writeFile(join(folder, 'c.ts'), "import type { A } from './a.js';\nexport type C = A;\n");
      expect(importCycles(folder)).toEqual([['a.ts', 'b.ts']]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
