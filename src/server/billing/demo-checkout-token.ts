import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const VALID_FOR_MS = 60 * 60 * 1000;

const DemoCheckoutSchema = z.object({
  /** The Owner who started the checkout: only they can confirm it. */
  userId: z.string().min(1),
  /** The workspace whose plan it buys. */
  workspaceId: z.string().min(1),
  plan: z.enum(['personal', 'pro']),
  /** Names the checkout; confirming it is recorded as billing event demo_<id>, so it applies once. */
  id: z.string().min(1),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
});

export type DemoCheckout = z.infer<typeof DemoCheckoutSchema>;

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`demo-checkout.${payload}`).digest();
}

/**
 * A demo checkout session as a signed token: what the Owner chose, for which workspace and until when,
 * signed with the server's secret so any server process can check it and nobody can alter it.
 */
export function createDemoCheckoutToken(
  secret: string,
  { userId, workspaceId, plan }: Pick<DemoCheckout, 'userId' | 'workspaceId' | 'plan'>,
  now = Date.now(),
): { token: string; checkout: DemoCheckout } {
  const checkout: DemoCheckout = {
    userId,
    workspaceId,
    plan,
    id: randomBytes(12).toString('base64url'),
    expiresAt: now + VALID_FOR_MS,
  };
  const payload = Buffer.from(JSON.stringify(checkout)).toString('base64url');
  return { token: `${payload}.${sign(secret, payload).toString('base64url')}`, checkout };
}

/** The checkout a token stands for, or null when it is malformed, altered or expired. */
export function readDemoCheckoutToken(secret: string, token: string, now = Date.now()): DemoCheckout | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const checkout = DemoCheckoutSchema.safeParse(parsed);
  if (!checkout.success || checkout.data.expiresAt < now) return null;
  return checkout.data;
}
