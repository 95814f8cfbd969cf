import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_BODY_SHA256, canonicalQuery, sha256Hex, signRequest, stringToSign } from '../../../../src/shared/api/signature.js';

const UPLOAD_PATH = '/api/app-api/sip/platform/v2/file/upload';
const query: [string, string][] = [
  ['workspace_id', '123'],
  ['category', '发票 a&b'],
  ['batch_number', 'B1'],
];

describe('signRequest', () => {
  it('matches the notes computed step by step with node:crypto', async () => {
    const secret = 'test-secret';
    const timestamp = 1700000000;
    const body = Buffer.from('hello');

    const signingKey = createHmac('sha256', secret).update('1700000000').digest();
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const toSign = `POST\n${UPLOAD_PATH}\nbatch_number=B1&category=发票 a&b&workspace_id=123\n${bodyHash}`;
    const expected = createHmac('sha256', signingKey).update(toSign).digest('hex');

    const signature = await signRequest({ method: 'post', path: UPLOAD_PATH, query, bodySha256Hex: await sha256Hex(body), timestamp, secret });
    expect(signature).toBe(expected);
    // Pinned from an independent Python hmac computation of the same vector.
    expect(signature).toBe('15ec2300e3b411e877071a5a323cbd69b6bcfa07933311d7adc71b251d0c4c86');
  });

  it('signs a GET without query or body over an empty query line and the hash of no bytes', async () => {
    const signature = await signRequest({
      method: 'GET',
      path: '/api/app-api/sip/platform/v2/workspace/list',
      query: [],
      bodySha256Hex: EMPTY_BODY_SHA256,
      timestamp: '1700000000',
      secret: 'test-secret',
    });
    expect(signature).toBe('df0abd03be5b4096f283faf54f42824b47ee43d2be2e27e03ff0415b95f981a4');
    expect(await sha256Hex(new Uint8Array())).toBe(EMPTY_BODY_SHA256);
  });

  it('changes when the timestamp, the secret or a single body byte changes', async () => {
    const base = { method: 'POST', path: UPLOAD_PATH, query, bodySha256Hex: await sha256Hex('hello'), timestamp: 1700000000, secret: 's' };
    const signature = await signRequest(base);
    expect(await signRequest({ ...base, timestamp: 1700000001 })).not.toBe(signature);
    expect(await signRequest({ ...base, secret: 't' })).not.toBe(signature);
    expect(await signRequest({ ...base, bodySha256Hex: await sha256Hex('hellp') })).not.toBe(signature);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('upper-cases the method in the string to sign', () => {
    expect(stringToSign({ method: 'get', path: '/p', query: [], bodySha256Hex: 'h' })).toBe('GET\n/p\n\nh');
  });
});

describe('canonicalQuery', () => {
  it('sorts pairs by name in ASCII order, upper case before lower case and "_" between them', () => {
    expect(canonicalQuery([['b', '1'], ['a_b', '2'], ['B', '3'], ['a', '4'], ['aB', '5']])).toBe('B=3&a=4&aB=5&a_b=2&b=1');
  });

  it('does not URL-encode values', () => {
    expect(canonicalQuery([['category', '发票 a&b=c%'], ['pdf_pwd', 'p+w/d']])).toBe('category=发票 a&b=c%&pdf_pwd=p+w/d');
  });

  it('orders repeated names by value so that the order given does not matter', () => {
    expect(canonicalQuery([['k', 'b'], ['k', 'a']])).toBe(canonicalQuery([['k', 'a'], ['k', 'b']]));
  });

  it('does not reorder the pairs it was given', () => {
    const pairs: [string, string][] = [['b', '1'], ['a', '2']];
    canonicalQuery(pairs);
    expect(pairs).toEqual([['b', '1'], ['a', '2']]);
  });
});
