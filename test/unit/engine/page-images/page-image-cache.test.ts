import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageImageCache } from '../../../../src/engine/page-images/page-image-cache.js';

const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

describe('PageImageCache', () => {
  let dir: string;
  let clock: number;
  const now = () => clock;
  const open = async (budget: number) => {
    const cache = new PageImageCache(dir, budget, now);
    await cache.init();
    return cache;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docket-image-cache-'));
    clock = Date.parse('2026-05-01T00:00:00Z');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers what was put, and nothing for an unknown key', async () => {
    const cache = await open(1000);
    await cache.put('a', bytes(10, 7));
    expect(await cache.get('a')).toEqual(Buffer.from(bytes(10, 7)));
    expect(await cache.get('b')).toBeUndefined();
    expect(cache.sizeBytes).toBe(10);
  });

  it('stays within its byte budget, evicting the least recently used first', async () => {
    const cache = await open(1000);
    for (const key of ['a', 'b', 'c']) {
      clock += 1000;
      await cache.put(key, bytes(400));
    }
    // 1200 bytes over a 1000-byte budget: the oldest, 'a', went.
    expect(cache.sizeBytes).toBe(800);
    expect(await cache.get('a')).toBeUndefined();
    clock += 1000;
    expect(await cache.get('b')).toBeDefined(); // 'b' is now the most recently used
    clock += 1000;
    await cache.put('d', bytes(400));
    expect(await cache.get('c')).toBeUndefined();
    expect(await cache.get('b')).toBeDefined();
    expect(await cache.get('d')).toBeDefined();
    expect((await readdir(dir)).length).toBe(2);
  });

  it('does not keep an entry larger than the whole budget', async () => {
    const cache = await open(100);
    await cache.put('big', bytes(101));
    expect(await cache.get('big')).toBeUndefined();
    expect(cache.sizeBytes).toBe(0);
  });

  it('replaces an entry put twice without counting it twice', async () => {
    const cache = await open(1000);
    await cache.put('a', bytes(300));
    await cache.put('a', bytes(200));
    expect(cache.sizeBytes).toBe(200);
  });

  it('keeps entries and their order across a restart, removes stray files, and trims to a smaller budget', async () => {
    const first = await open(1000);
    for (const key of ['a', 'b', 'c']) {
      clock += 1000;
      await first.put(key, bytes(300));
    }
    clock += 1000;
    await first.get('a'); // 'b' is now the least recently used
    await writeFile(join(dir, 'leftover.tmp'), 'half a write');
    const second = await open(700);
    expect(second.sizeBytes).toBe(600);
    expect(await second.get('b')).toBeUndefined();
    expect(await second.get('a')).toBeDefined();
    expect(await second.get('c')).toBeDefined();
    expect((await readdir(dir)).sort()).toHaveLength(2);
  });
});
