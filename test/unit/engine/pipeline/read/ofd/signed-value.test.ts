import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDer } from '../../../../../../src/engine/pipeline/read/ofd/der.js';
import { readOfdDocument } from '../../../../../../src/engine/pipeline/read/ofd/ofd-document.js';
import { sealsOf } from '../../../../../../src/engine/pipeline/read/ofd/ofd-seals.js';
import { checkSignedValue } from '../../../../../../src/engine/pipeline/read/ofd/signed-value.js';
import { unpackArchive } from '../../../../../../src/engine/pipeline/read/zip-budget.js';
import { detachedSignedData } from '../../../../../fixtures/sm2-der.js';
import { makeZip, type ZipEntry } from '../../../../../fixtures/zip-file.js';

// Real files signed by others (test/fixtures/ofd-real/README.md): the SM2 values were not made here.
const real = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../../fixtures/ofd-real/${name}`, import.meta.url)));
const SEALED = real('ofdrw-sign-signedFile.ofd');
const PROTECTED = real('ofdrw-crypto-hello-integrity.ofd');
const checks = (bytes: Uint8Array) => sealsOf(readOfdDocument(bytes)).map((s) => s.check);

/** The package with one part changed by `change`, and `added` parts put in. */
function repacked(bytes: Uint8Array, part: RegExp, change: (data: Uint8Array) => Uint8Array, added: ZipEntry[] = []): Uint8Array {
  const parts = [...unpackArchive(bytes, 'OFD')].map(([name, data]) => ({ name, data: part.test(name) ? change(data) : data }));
  return makeZip([...parts, ...added]);
}

/** One byte changed: the first occurrence of `from` replaced by `to`, of the same length. */
const replaced = (from: string, to: string) => (data: Uint8Array) => {
  if (from.length !== to.length) throw new Error('a replacement of another length');
  const at = Buffer.from(data).indexOf(from, 0, 'latin1');
  if (at < 0) throw new Error(`${from} not found`);
  const copy = Uint8Array.from(data);
  copy.set(Buffer.from(to, 'latin1'), at);
  return copy;
};
const lastByteFlipped = (data: Uint8Array) => Uint8Array.from(data, (v, i) => (i === data.length - 1 ? v ^ 1 : v));

describe('seal signatures: the SM2 value is verified', () => {
  it("reports a real sealed e-invoice intact, its seal's SM2 signature verified with the certificate it carries", () => {
    expect(checks(SEALED)).toEqual([{ status: 'intact', reason: expect.stringMatching(/^all 13 signed parts unchanged \(SM3 digests match\); the seal's signature \(SM2\) verified with the certificate it carries \(whether that certificate is trusted is not checked\)$/) }]);
  });

  it('reports altered when one byte of what the seal signs changed (its signing time), though every digest still matches', () => {
    const changed = repacked(SEALED, /SignedValue\.dat$/, replaced('20201004072855Z', '20201004072856Z'));
    expect(checks(changed)).toEqual([{ status: 'altered', reason: "the seal's signature (SM2) does not match what it signs" }]);
  });

  it('reports altered when one byte of the SM2 signature value itself changed', () => {
    expect(checks(repacked(SEALED, /SignedValue\.dat$/, lastByteFlipped))).toEqual([{ status: 'altered', reason: "the seal's signature (SM2) does not match what it signs" }]);
  });

  it('reports altered when the signature file changed, as its hash inside the signed value no longer matches', () => {
    const changed = repacked(SEALED, /Sign_0\/Signature\.xml$/, replaced('Version="2.0"', 'Version="2.1"'));
    expect(checks(changed)[0]).toMatchObject({ status: 'altered', reason: 'the signature file no longer matches the hash inside the signed value' });
  });
});

describe('the package integrity protection (GM/T 0099: OFDEntries.xml)', () => {
  it('verifies the signed file list but says "not checked", as the list holds no hash of any file content', () => {
    expect(checks(PROTECTED)).toEqual([
      {
        status: 'not checked',
        reason: "the package's integrity protection (GM/T 0099) lists exactly the files it holds, its SM2 signature verified with the certificate it carries; it holds no hash of their content, so a change inside a page cannot be seen",
      },
    ]);
  });

  it('reports altered when a file the signed list does not name was slipped into the package', () => {
    const smuggled = repacked(PROTECTED, /^$/, (d) => d, [{ name: 'Doc_0/Res/extra.xml', data: '<x/>' }]);
    expect(checks(smuggled)).toEqual([{ status: 'altered', reason: 'the package holds 1 file(s) its signed file list does not name (doc_0/res/extra.xml)' }]);
  });

  it('reports altered when one byte of the signed file list changed', () => {
    const changed = repacked(PROTECTED, /^OFDEntries\.xml$/, replaced('2023-03-21', '2023-03-22'));
    expect(checks(changed)).toEqual([{ status: 'altered', reason: "the package's signed file list: the hash inside the signed value is not that of the signed file" }]);
  });

  it('reports altered when one byte of its SM2 signature value changed', () => {
    const changed = repacked(PROTECTED, /^signedvalue\.dat$/, lastByteFlipped);
    expect(checks(changed)).toEqual([{ status: 'altered', reason: "the package's signed file list: the signer's signature (SM2) does not match what it signs" }]);
  });
});

describe('checkSignedValue: a GB/T 35275 SignedData', () => {
  const file = new TextEncoder().encode('<ofd:Signature>the signed file</ofd:Signature>');

  it('verifies a detached one whose signer signs the attributes holding the file hash', () => {
    expect(checkSignedValue(readDer(detachedSignedData(file)), file)).toEqual({ verdict: 'valid', detail: "the signer's signature (SM2) verified with the certificate it carries" });
  });

  it('finds it invalid for another file, whose hash is not the message digest', () => {
    const other = Uint8Array.from(file, (v, i) => (i === 5 ? v ^ 1 : v));
    expect(checkSignedValue(readDer(detachedSignedData(file)), other)).toEqual({ verdict: 'invalid', detail: "the signer's message digest is not that of the signed data" });
  });
});
