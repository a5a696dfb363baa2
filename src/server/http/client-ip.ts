import { isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address our reverse proxy
 * appended to X-Forwarded-For (the last entry: earlier ones are whatever the client sent).
 * 'unknown' when neither is available (in-process test requests without TRUST_PROXY).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last && isIP(last)) return normalizeIp(last);
  }
  const socketAddress = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  return socketAddress ? normalizeIp(socketAddress) : 'unknown';
}

/** IPv4-mapped IPv6 as plain IPv4; other IPv6 reduced to its /64, which one subscriber usually holds whole. */
export function normalizeIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
