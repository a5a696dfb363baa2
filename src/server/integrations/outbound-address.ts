import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';

export const outboundAddressMessages = {
  privateAddress: 'This address points inside a private network; use a public https address',
  unresolvable: 'This address could not be found; check it and try again',
} as const;

/** Addresses a user-supplied URL may never reach from a public server: loopback, private, link-local (cloud metadata), shared, multicast, reserved. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a public server must not call on a user's behalf (BlockList matches IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether users' own URLs are kept off private addresses: in production, unless the test
 * allowance ALLOW_PRIVATE_WEBHOOK_URLS is set (a developer's machine calls its own fakes).
 */
export function guardsPrivateAddresses(env: Pick<Env, 'production' | 'ALLOW_PRIVATE_WEBHOOK_URLS'>): boolean {
  return env.production && !env.ALLOW_PRIVATE_WEBHOOK_URLS;
}

type Resolve = (hostname: string) => Promise<{ address: string }[]>;
const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Refuses (400, on `field`) a user-supplied URL whose host is, or resolves to, a private or
 * loopback address: server-side request forgery. A name is refused if any address it resolves
 * to is private.
 */
export async function assertPublicUrl(url: string, field: string, resolve: Resolve = resolveAll): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolve(host)).map((entry) => entry.address);
  } catch {
    throw new Refusal(400, outboundAddressMessages.unresolvable, { details: { field } });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new Refusal(400, outboundAddressMessages.privateAddress, { details: { field } });
  }
}
