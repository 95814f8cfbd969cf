import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../../../src/main/electron/trusted-frame.js';

const rendererFile = '/opt/Docket/resources/app.asar/out/renderer/index.html';
const page = pathToFileURL(rendererFile).href;

describe('which frames may call the core', () => {
  it('the built renderer page, whatever its hash or query', () => {
    expect(isAppUrl(page, { rendererFile })).toBe(true);
    expect(isAppUrl(`${page}#/documents/42?filter=failed`, { rendererFile })).toBe(true);
  });

  it('no other file, site or scheme', () => {
    for (const url of [
      pathToFileURL('/opt/Docket/resources/app.asar/out/renderer/other.html').href,
      pathToFileURL('/tmp/evil/index.html').href,
      'https://docflow.textin.com/',
      'about:blank',
      'data:text/html,<script>1</script>',
      'not a url',
    ]) {
      expect(isAppUrl(url, { rendererFile }), url).toBe(false);
    }
  });

  it('in development, the dev server origin only', () => {
    const dev = { rendererFile, rendererDevUrl: 'http://localhost:5173/' };
    expect(isAppUrl('http://localhost:5173/index.html#/x', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl(page, dev)).toBe(false);
  });
});
