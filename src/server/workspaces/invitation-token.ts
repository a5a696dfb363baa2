import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(secret: string, invitationId: string): Buffer {
  return createHmac('sha256', secret).update(`invitation.${invitationId}`).digest();
}

/**
 * The secret an invitation's link carries (`{id}.{signature}`), sent only in the e-mail to the
 * invited address. The team page shows an invitation's id (to revoke it), never this: whoever saw
 * the id, a Manager since removed included, cannot read or accept the invitation with it.
 */
export function invitationToken(secret: string, invitationId: string): string {
  return `${invitationId}.${sign(secret, invitationId).toString('base64url')}`;
}

/** The invitation a link's secret names, or null when it is malformed or was not signed by this server. */
export function invitationIdOfToken(secret: string, token: string): string | null {
  const [invitationId, signature, ...rest] = token.split('.');
  if (!invitationId || !signature || rest.length > 0) return null;
  const expected = sign(secret, invitationId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? invitationId : null;
}
