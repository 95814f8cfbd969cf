import { afterAll, describe, expect, it } from 'vitest';
import { OcrPool } from '../../../../../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../../../../../src/engine/pipeline/read/parse-file.js';
import { MAX_UNPACKED_BYTES } from '../../../../../../src/engine/pipeline/read/zip-budget.js';
import { ofdParts } from '../../../../../fixtures/ofd-files.js';
import { makeZip, type ZipEntry } from '../../../../../fixtures/zip-file.js';
import { failureOf } from '../../../../../support/processing-failure.js';

const reader = new OcrPool();
afterAll(() => reader.close());

const PAGE = [{ id: 1, x: 10, y: 10, size: 4, text: 'hello' }];
const parts = () => ofdParts({ pages: [PAGE] });
const withPart = (name: string, data: string | Uint8Array): ZipEntry[] => [...parts().filter((p) => p.name !== name), { name, data }];

const causeOf = (bytes: Uint8Array) => failureOf(parseFile('ofd', bytes, { dpi: 144, reader }));

describe('hostile OFD packages are refused with a plain cause', () => {
  it('refuses a zip bomb before any part is parsed', async () => {
    const bomb = makeZip([...parts(), { name: 'Doc_0/Res/huge.png', data: new Uint8Array(MAX_UNPACKED_BYTES + 1) }]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await causeOf(bomb)).toMatch(/OFD document unpacks to more than 100 MB: it is refused as a possible "zip bomb"/);
    // Inflating 100 MB in a page worker takes seconds; on a busy machine, many.
  }, 180_000);

  it('refuses an entry whose name climbs out of the package', async () => {
    expect(await causeOf(makeZip([...parts(), { name: '../../outside.xml', data: '<x/>' }]))).toMatch(/OFD file holds an entry that points outside it \("..\/..\/outside.xml"\): it is refused as unsafe/);
    expect(await causeOf(makeZip([...parts(), { name: '/etc/cron.d/x', data: 'x' }]))).toMatch(/points outside it/);
  });

  it('refuses a reference that climbs out of the package', async () => {
    const document = String(parts().find((p) => p.name === 'Doc_0/Document.xml')!.data).replace('Pages/Page_0/Content.xml', '../../../etc/passwd');
    expect(await causeOf(makeZip(withPart('Doc_0/Document.xml', document)))).toMatch(/OFD file refers to "..\/..\/..\/etc\/passwd", outside the file: it is refused as unsafe/);
  });

  it('refuses entity expansion ("billion laughs") without expanding anything', async () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const laughs = `<?xml version="1.0"?><!DOCTYPE ofd:OFD [<!ENTITY l0 "ha">${entities}]><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"><ofd:DocBody><ofd:DocRoot>&l10;</ofd:DocRoot></ofd:DocBody></ofd:OFD>`;
    const started = Date.now();
    expect(await causeOf(makeZip(withPart('OFD.xml', laughs)))).toBe("The OFD file's part OFD.xml declares a DOCTYPE (entities): it is refused as unsafe.");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an external entity (a local file read) in any part', async () => {
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content><ofd:Layer ID="1"><ofd:TextObject ID="2" Boundary="0 0 50 10" Font="1" Size="4"><ofd:TextCode X="0" Y="4">&x;</ofd:TextCode></ofd:TextObject></ofd:Layer></ofd:Content></ofd:Page>`;
    expect(await causeOf(makeZip(withPart('Doc_0/Pages/Page_0/Content.xml', external)))).toMatch(/part Doc_0\/Pages\/Page_0\/Content.xml declares a DOCTYPE/);
  });

  it('refuses a part nested deeper than any OFD (a nesting bomb)', async () => {
    const deep = `<ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content>${'<ofd:PageBlock>'.repeat(5_000)}${'</ofd:PageBlock>'.repeat(5_000)}</ofd:Content></ofd:Page>`;
    expect(await causeOf(makeZip(withPart('Doc_0/Pages/Page_0/Content.xml', deep)))).toMatch(/part Doc_0\/Pages\/Page_0\/Content.xml nests too deep or holds too many elements/);
  });

  it('says what is wrong with a damaged package', async () => {
    expect(await causeOf(new TextEncoder().encode('not an ofd'))).toMatch(/not a readable OFD document/);
    expect(await causeOf(makeZip(parts().filter((p) => p.name !== 'OFD.xml')))).toMatch(/it has no OFD.xml/);
    expect(await causeOf(makeZip(withPart('Doc_0/Document.xml', '<ofd:Document><unclosed></ofd:Document>')))).toMatch(/part Doc_0\/Document.xml is not well-formed XML/);
  });
});
