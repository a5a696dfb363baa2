import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Env } from '#server/env.ts';
import { Refusal } from '../refusal';

export const outboundAddressMessages = {
  privateAddress: 'This address points inside a private network; use a public https address',
  unresolvable: 'This address could not be found; check it and try again',
  notHttpsOn443: 'Use an https address on the standard port (no :port after the name)',
} as const;

/**
 * What a user-supplied address may reach. Strict: https on port 443 to globally routable
 * addresses only. The test allowance (ALLOW_PRIVATE_WEBHOOK_URLS) also lets plain http, any port
 * and loopback through, so a developer's machine can call its own fakes; every other private
 * range (cloud metadata, the local network) stays refused even then.
 */
export interface OutboundPolicy {
  httpsOn443Only: boolean;
  allowLoopback: boolean;
}

export const STRICT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({ httpsOn443Only: true, allowLoopback: false });

/** The policy for addresses users type in (their spreadsheet webhook), in every mode. */
export function userUrlPolicy(env: Pick<Env, 'ALLOW_PRIVATE_WEBHOOK_URLS'>): OutboundPolicy {
  return env.ALLOW_PRIVATE_WEBHOOK_URLS ? { httpsOn443Only: false, allowLoopback: true } : STRICT_OUTBOUND_POLICY;
}

function subnets(family: 'ipv4' | 'ipv6', ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** IPv4 that is not globally routable (IANA special-purpose registry): this network, private, CGNAT, loopback, link-local (cloud metadata), protocol assignments, documentation, 6to4 relay, benchmarking, multicast, reserved and broadcast. */
const notGlobalIpv4 = subnets('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);

// IPv6 is public only inside global unicast 2000::/3, which leaves out ::, ::1, IPv4-mapped
// ::ffff:0:0/96 and IPv4-compatible ::a.b.c.d, discard 100::/64, 64:ff9b:1::/48 (local NAT64),
// fc00::/7, fec0::/10, fe80::/10 and ff00::/8 at once. Inside it, these are not global either:
// IETF protocol assignments 2001::/23 (Teredo 2001::/32 among them), documentation 2001:db8::/32
// and 3fff::/20.
const globalUnicast = subnets('ipv6', [['2000::', 3]]);
const notGlobalIpv6 = subnets('ipv6', [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
]);
// These carry an IPv4 address that a gateway reaches for us: that address decides.
const nat64 = subnets('ipv6', [['64:ff9b::', 96]]);
const sixToFour = subnets('ipv6', [['2002::', 16]]);

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high = 0, low = 0) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * True for an address a server may call on a user's behalf: globally routable. Everything else
 * (loopback, private, link-local, CGNAT, unique-local, site-local, multicast, documentation,
 * IPv4-mapped or -compatible, Teredo) is refused; NAT64 and 6to4 addresses are judged by the
 * IPv4 address they embed. `allowLoopback` (the test allowance) lets 127.0.0.0/8 and ::1 through,
 * written plainly only.
 */
export function isPublicAddress(address: string, { allowLoopback = false }: { allowLoopback?: boolean } = {}): boolean {
  const family = isIP(address);
  // A zone index (fe80::1%eth0) only ever names a link-local address.
  if (family === 0 || address.includes('%')) return false;
  if (family === 4) {
    if (allowLoopback && address.startsWith('127.')) return true;
    return !notGlobalIpv4.check(address, 'ipv4');
  }
  const groups = ipv6Groups(address);
  if (allowLoopback && groups.every((group, index) => group === (index === 7 ? 1 : 0))) return true;
  if (nat64.check(address, 'ipv6')) return isPublicAddress(ipv4Of(groups[6], groups[7]));
  if (sixToFour.check(address, 'ipv6')) return isPublicAddress(ipv4Of(groups[1], groups[2]));
  return globalUnicast.check(address, 'ipv6') && !notGlobalIpv6.check(address, 'ipv6');
}

/** A URL's host without IPv6 brackets: '[::1]' → '::1'. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Null when the policy lets this URL's scheme and port through, else why not (for the log). */
export function schemeOrPortRefusal(url: URL, policy: OutboundPolicy): string | null {
  if (url.protocol === 'https:' && (url.port === '' || !policy.httpsOn443Only)) return null;
  if (url.protocol === 'http:' && !policy.httpsOn443Only) return null;
  return `is not https on port 443 (${url.protocol}, port ${url.port || 'default'})`;
}

export type Resolve = (hostname: string) => Promise<readonly { address: string }[]>;

/** Every address the system resolver gives for a name (hosts file included), in its order. */
export const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Refuses (400, on `field`) a user-supplied URL the policy does not let through: another scheme
 * or port, or a host that is, or resolves to, an address that is not public (a name is refused if
 * any of its addresses is). A check when the address is saved, for a clear message on the form;
 * every request is checked again as it connects (safeFetch), since a name may resolve elsewhere later.
 */
export async function assertPublicUrl(
  url: string,
  field: string,
  policy: OutboundPolicy,
  resolve: Resolve = resolveAll,
): Promise<void> {
  const parsed = new URL(url);
  if (schemeOrPortRefusal(parsed, policy)) {
    throw new Refusal(400, outboundAddressMessages.notHttpsOn443, { details: { field } });
  }
  const host = bareHostname(parsed);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolve(host)).map((entry) => entry.address);
  } catch {
    throw new Refusal(400, outboundAddressMessages.unresolvable, { details: { field } });
  }
  if (addresses.length === 0 || !addresses.every((address) => isPublicAddress(address, policy))) {
    throw new Refusal(400, outboundAddressMessages.privateAddress, { details: { field } });
  }
}
