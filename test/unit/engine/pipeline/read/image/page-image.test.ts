import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../../../..');

// Runs in a child Node with --expose-gc: page images are drawn many at once while the collector runs,
// so that a canvas nobody holds any more is collected while its picture is being encoded.
const CHILD = `
const { renderPageImage } = await import(${JSON.stringify(join(ROOT, 'src/engine/pipeline/read/image/page-image.ts'))});
const path = process.argv[1];
let sizes = 0;
for (let round = 0; round < 8; round++) {
  let settled = false;
  const all = Promise.all(Array.from({ length: 8 }, (_, i) => renderPageImage({ path, format: 'png', page: 0, dpi: 144, password: undefined, crop: undefined, angle: 0, encoding: i % 2 ? 'png' : 'jpeg' })));
  all.finally(() => (settled = true)).catch(() => {});
  while (!settled) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 1));
  }
  sizes += (await all).filter((bytes) => bytes.length > 1000).length;
}
console.log('encoded', sizes);
`;

describe('renderPageImage', () => {
  it('survives the collector taking a page canvas while its picture is encoded (the OFD bench SIGSEGV)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docket-page-image-gc-'));
    const canvas = createCanvas(1600, 1600);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 1600, 1600);
    for (let k = 0; k < 300; k++) {
      context.fillStyle = `rgb(${k % 255}, ${(k * 7) % 255}, ${(k * 13) % 255})`;
      context.fillRect((k * 37) % 1500, (k * 53) % 1500, 90, 90);
    }
    const path = join(dir, 'page.png');
    await writeFile(path, canvas.encodeSync('png'));
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD, path], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect({ signal: child.signal, status: child.status, stderr: child.stderr.slice(-500) }).toEqual({ signal: null, status: 0, stderr: '' });
    expect(child.stdout.trim()).toBe('encoded 64');
  }, 150_000);
});
