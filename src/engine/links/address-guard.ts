import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses of this computer and of private networks: a link or a callback there could reach what the clerk never meant to expose. */
const PRIVATE = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export interface ResolvedHost {
  address: string;
  family: 4 | 6;
}

/** Thrown when a URL may not be reached; the message is written for a clerk. */
export class AddressRefused extends Error {}

/**
 * Resolves the URL's host once and checks every address it has; the connection then goes to the checked
 * address (a second lookup could answer another one). http and https only.
 */
export async function resolveAllowed(url: URL, allowPrivate: boolean): Promise<ResolvedHost> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefused(`only http and https links are taken, not ${url.protocol.replace(':', '')}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : ((await lookup(host, { all: true }).catch(() => [])) as ResolvedHost[]);
  if (addresses.length === 0) throw new AddressRefused(`the host ${host} could not be found`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new AddressRefused(`${host} is this computer or a private network, which the engine does not connect to`);
  }
  return addresses[0]!;
}

/** A `lookup` for http.request that answers the address already checked. */
export function fixedLookup(resolved: ResolvedHost) {
  return (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}
