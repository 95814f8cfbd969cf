import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Raster } from '../../src/engine/pipeline/read/image/raster.js';

/** The engine's own TIFF decoder before libvips: its LZW, PackBits, Deflate and fax decoders, utif2 for JPEG strips. */
export const REFERENCE_COMMIT = '5e75a32';
/** The version the reference's package-lock held; this tree no longer depends on utif2. */
const UTIF2 = 'utif2@4.1.0';
const ROOT = resolve(import.meta.dirname, '../..');
const DECODER = 'src/engine/pipeline/read/image/decode-image.ts';

export type PageDecoder = (bytes: Uint8Array, format: 'tiff', page: number) => Promise<Raster>;

/**
 * `decodeImagePage` of the reference commit, from `root`: made on first use from `git archive` of
 * the commit's src/, with this tree's packages linked beside it and utif2 unpacked by `npm pack`.
 */
export async function referenceDecoder(root: string): Promise<PageDecoder> {
  if (!existsSync(join(root, DECODER))) makeReference(root);
  const module = (await import(pathToFileURL(join(root, DECODER)).href)) as { decodeImagePage: PageDecoder };
  return module.decodeImagePage;
}

function makeReference(root: string): void {
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  execFileSync('sh', ['-c', `git archive ${REFERENCE_COMMIT} src | tar -x -C "${root}"`], { cwd: ROOT });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!existsSync(join(root, 'node_modules', name))) symlinkSync(join(ROOT, 'node_modules', name), join(root, 'node_modules', name));
  }
  const packed = mkdtempSync(join(tmpdir(), 'docket-utif2-'));
  try {
    const file = execFileSync('npm', ['pack', UTIF2, '--pack-destination', packed], { cwd: packed, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    mkdirSync(join(root, 'node_modules', 'utif2'));
    execFileSync('tar', ['-xzf', join(packed, file), '-C', join(root, 'node_modules', 'utif2'), '--strip-components', '1']);
  } finally {
    rmSync(packed, { recursive: true, force: true });
  }
}
