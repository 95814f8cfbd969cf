import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createImageLinks } from '../../../../src/engine/page-images/page-image-links.js';

const ORIGIN = 'http://127.0.0.1:4321';
const FILE = '1981692246135111700';

function links(ttlSeconds = 60, start = Date.parse('2026-05-01T00:00:00Z')) {
  let clock = start;
  const made = createImageLinks({ secret: randomBytes(32), ttlSeconds, now: () => clock });
  return { ...made, tick: (ms: number) => (clock += ms) };
}

/** The path and query of a URL, as the server reads them from the request line. */
const raw = (url: string) => url.slice(ORIGIN.length);

describe('page image links', () => {
  it('grants the page it was made for until it expires', () => {
    const l = links(60);
    const url = l.urlOf(ORIGIN, FILE, 2);
    expect(url).toMatch(new RegExp(`^${ORIGIN}/page-images/${FILE}/2\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(l.check(raw(url))).toMatchObject({ ok: true, grant: { fileId: FILE, page: 2 } });
    l.tick(61_000);
    expect(l.check(raw(url))).toMatchObject({ ok: false, message: expect.stringMatching(/expired at .*fresh one/) });
  });

  it('refuses a link with any character changed, another page or file, or another engine\'s secret', () => {
    const l = links();
    const url = raw(l.urlOf(ORIGIN, FILE, 0));
    const sigAt = url.indexOf('sig=') + 4;
    const flipped = url.slice(0, sigAt) + (url[sigAt] === 'A' ? 'B' : 'A') + url.slice(sigAt + 1);
    for (const altered of [flipped, url.replace('/0?', '/1?'), url.replace(FILE, '1981692246135111701'), url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1}`)]) {
      expect(l.check(altered)).toMatchObject({ ok: false, message: expect.stringMatching(/altered|another file's or page's/) });
    }
    expect(links().check(url)).toMatchObject({ ok: false });
  });

  it('refuses path tricks and extra or repeated query members without decoding them', () => {
    const l = links();
    const url = raw(l.urlOf(ORIGIN, FILE, 0));
    const query = url.slice(url.indexOf('?'));
    for (const tricked of [
      `/page-images/${FILE}/../${FILE}/0${query}`,
      `/page-images/${FILE}%2F0${query}`,
      `/page-images/${FILE}/0%2F..%2F1${query}`,
      `/page-images/%2e%2e/${FILE}/0${query}`,
      `/page-images/${FILE}/0/${query}`,
      `${url}&extra=1`,
      `${url}&sig=x`,
      `/page-images/${FILE}/0`,
    ]) {
      expect(l.check(tricked).ok).toBe(false);
    }
  });
});
