import { randomUUID } from 'node:crypto';

/** A request id a proxy may hand us: a short token of letters, digits and `-_.:`, nothing a log could be forged with. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the trusted proxy's X-Request-Id when TRUST_PROXY is set and the value is a
 * safe short token; otherwise a new random one (a client alone cannot choose the id its lines carry).
 */
export function requestIdFor(header: string | undefined, trustProxy: boolean): string {
  if (trustProxy && header !== undefined && safeRequestId.test(header)) return header;
  return randomUUID();
}
