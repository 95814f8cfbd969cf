import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../../src/engine/links/address-guard.js';
import { DEFAULT_LINK_LIMITS, downloadLink } from '../../../../src/engine/links/link-download.js';

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docket-links-'));
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('downloadLink', () => {
  it('refuses this computer and private networks by default, before connecting', async () => {
    for (const link of [`${base}/a.pdf`, 'http://[::1]:9/a.pdf', 'http://10.0.0.1/a.pdf', 'http://192.168.1.2/a.pdf', 'http://localhost:9/a.pdf']) {
      const outcome = await downloadLink(link, dir, DEFAULT_LINK_LIMITS);
      expect(outcome).toMatchObject({ ok: false, cause: expect.stringMatching(/is this computer or a private network, which the engine does not connect to/) });
    }
  });

  it('downloads from loopback when allowed, named after the link', async () => {
    const allowed = await downloadLink(`${base}/a.pdf`, dir, { ...DEFAULT_LINK_LIMITS, allowPrivate: true });
    expect(allowed.ok && (await readFile(allowed.file.tempPath, 'utf8'))).toBe('%PDF-1.4');
    expect(allowed.ok && allowed.file.fileName).toBe('a.pdf');
  });

  it('tells private and public addresses apart, IPv4-mapped ones included', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '172.20.1.1', 'fe80::1', 'fd00::1', '169.254.169.254', '0.0.0.0'].map(isPrivateAddress)).toEqual(Array(8).fill(true));
    expect(['93.184.216.34', '2606:2800:220:1::1', '::ffff:8.8.8.8', '172.32.0.1'].map(isPrivateAddress)).toEqual(Array(4).fill(false));
  });
});
