import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a reply-to confirmation link works. */
export const REPLY_TO_PROOF_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface ReplyToProof {
  /** The profile's workspace (a profile is per member and workspace). */
  workspaceId: string;
  userId: string;
  /** The address to prove, lower-cased. */
  email: string;
  expiresAt: Date;
}

// Derived from the server secret for this one purpose, so the signature cannot stand in for a
// session cookie or an unsubscribe token signed with the same secret.
const proofKey = (serverSecret: string) => createHmac('sha256', serverSecret).update('reply-to-proof-v1').digest();
const sign = (serverSecret: string, payload: string) =>
  createHmac('sha256', proofKey(serverSecret)).update(payload).digest('base64url');

/** A token proving that whoever holds it reads `email`'s mailbox: the user, the address and the expiry, signed. */
export function createReplyToProofToken(serverSecret: string, proof: ReplyToProof): string {
  const payload = Buffer.from(
    JSON.stringify({
      w: proof.workspaceId,
      u: proof.userId,
      e: proof.email.toLowerCase(),
      x: proof.expiresAt.getTime(),
    }),
  ).toString('base64url');
  return `${payload}.${sign(serverSecret, payload)}`;
}

/** The proof a token carries, or null when it is forged, edited or expired. */
export function readReplyToProofToken(serverSecret: string, token: string, now = new Date()): ReplyToProof | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(sign(serverSecret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const { w, u, e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof u !== 'string' || typeof e !== 'string' || typeof x !== 'number' || x <= now.getTime()) return null;
  // A link sent before workspaces (no w) was for the user's own workspace, whose id is theirs.
  const workspaceId = w === undefined ? u : w;
  if (typeof workspaceId !== 'string') return null;
  return { workspaceId, userId: u, email: e, expiresAt: new Date(x) };
}
