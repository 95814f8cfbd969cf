import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageImageBlobs } from '../../../../../src/main/core/page-images/page-image-blobs.js';

describe('page image files', () => {
  it('are named by the sha256 of their bytes, once per content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docket-blobs-'));
    const blobs = new PageImageBlobs(dir);
    const bytes = new TextEncoder().encode('a picture');
    const hash = await blobs.put(bytes);
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await blobs.put(bytes)).toBe(hash);
    expect(readdirSync(join(dir, hash.slice(0, 2)))).toEqual([hash]);
    expect(Buffer.from((await blobs.read(hash))!).toString()).toBe('a picture');
    await blobs.remove(hash);
    expect(await blobs.read(hash)).toBeUndefined();
  });

  it('refuse names that are not a sha256 (no path tricks)', () => {
    expect(() => new PageImageBlobs('/tmp/x').pathOf('../../etc/passwd')).toThrow(/not a sha256/);
  });
});
