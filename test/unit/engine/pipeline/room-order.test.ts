import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { upwardImports } from '../../../support/upward-imports.js';

// The pipeline's rooms, lowest first (src/engine/pipeline/README.md says what each holds). A room
// imports only from itself and the rooms before it; the files at the pipeline's top import all.
const ROOMS = ['document', 'layout', 'words', 'read', 'transforms', 'fields', 'tables', 'invoice', 'e-invoice', 'extract', 'learning', 'classify', 'split', 'crop'];

describe('the pipeline room order', () => {
  it('has no import from a lower room up to a higher one, type-only imports included', () => {
    expect(upwardImports(resolve(import.meta.dirname, '../../../../src/engine/pipeline'), ROOMS)).toEqual([]);
  });

  it('finds a planted upward import and lets the downward and top-level ones be', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docket-rooms-'));
    try {
      await mkdir(join(folder, 'low'));
      await mkdir(join(folder, 'high'));
      await writeFile(join(folder, 'high', 'step.ts'), "import { page } from '../low/page.js';\nexport const step = page;\n");
      await writeFile(join(folder, 'low', 'page.ts'), "export const page = 1;\n");
      await writeFile(join(folder, 'low', 'peek.ts'), "import type { step } from '../high/step.js';\nexport type Peek = typeof step;\n");
      await writeFile(join(folder, 'door.ts'), "import { step } from './high/step.js';\nexport const door = step;\n");
      expect(upwardImports(folder, ['low', 'high'])).toEqual(['low/peek.ts -> high/step.ts']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a folder that has no place in the order', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docket-rooms-'));
    try {
      await mkdir(join(folder, 'stray'));
      await writeFile(join(folder, 'stray', 'a.ts'), 'export const a = 1;\n');
      expect(() => upwardImports(folder, ['low'])).toThrow(/"stray" has no place in the room order/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
