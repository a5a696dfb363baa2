import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Webhook } from 'svix';
import { z } from 'zod';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { parseEmailAddress } from '#domain/email/parse-email-address.ts';
import type { AppContext } from '../app-context';
import type { Transaction } from '../db/database';
import { emailProviderEvents, emailUnsubscribes } from '../db/schema';
import { exactSuppressionEmail } from '../email/unsubscribe-token';
import { logger } from '../observability/logger';
import { webhookDeliveriesRefused } from '../observability/metrics';
import { recordProspectTouch } from '../prospect-touches/record-prospect-touch';
import { stopFollowUps } from './stop-follow-ups';

// The events this app acts on, in Resend's shapes; every other type is acknowledged and ignored.
const ProviderEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['email.bounced', 'email.complained']),
    data: z.object({ to: z.array(z.string()).min(1) }),
  }),
  z.object({
    type: z.literal('email.received'),
    data: z.object({ to: z.array(z.string()).min(1), from: z.string() }),
  }),
]);

const replyTokenPattern = /^reply\+([0-9a-f]{32})@/i;

/**
 * POST /api/email/webhook: the e-mail provider's events, signed with Svix as Resend signs them
 * (svix-id, svix-timestamp, svix-signature over the exact raw body, with RESEND_WEBHOOK_SECRET).
 * A missing or forged signature, or a timestamp more than five minutes off, is 400 and changes
 * nothing; a delivery already handled (its svix-id) is acknowledged and changes nothing again.
 * - email.bounced: that exact address gets no more e-mail from anyone (the suppression list, with
 *   the reason) and its follow-ups stop; its other spellings (`+tag`, Gmail's dots) are untouched;
 * - email.complained: the address gets no more e-mail, read as widely as an unsubscribe;
 * - email.received: a reply to a follow-up, matched by the reply+{token}@ address it was sent to
 *   (never by subject), stops that sequence.
 * Unset RESEND_WEBHOOK_SECRET: 404, as if the route did not exist.
 */
export function emailWebhookRoutes({ env, database }: AppContext) {
  const webhook = env.RESEND_WEBHOOK_SECRET ? new Webhook(env.RESEND_WEBHOOK_SECRET) : null;
  return new Hono().post('/webhook', bodyLimit({ maxSize: 256 * 1024 }), async (c) => {
    if (!webhook) {
      webhookDeliveriesRefused.inc({ provider: 'resend', reason: 'not-configured' });
      return c.json({ error: 'Not found' }, 404);
    }
    const payload = await c.req.text();
    const headers = {
      'svix-id': c.req.header('svix-id') ?? '',
      'svix-timestamp': c.req.header('svix-timestamp') ?? '',
      'svix-signature': c.req.header('svix-signature') ?? '',
    };
    try {
      webhook.verify(payload, headers);
    } catch (error) {
      webhookDeliveriesRefused.inc({ provider: 'resend', reason: 'signature' });
      logger.warn(`e-mail webhook refused: ${error instanceof Error ? error.message : String(error)}`);
      return c.json({ error: 'Invalid signature' }, 400);
    }
    const parsed = ProviderEventSchema.safeParse(parseJson(payload));
    const type = parsed.success ? parsed.data.type : 'ignored';
    const handled = await database.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(emailProviderEvents)
        .values({ id: headers['svix-id'], type })
        .onConflictDoNothing()
        .returning({ id: emailProviderEvents.id });
      if (!first) return 'replayed' as const;
      if (parsed.success) await applyProviderEvent(tx, parsed.data);
      return type;
    });
    return c.json({ received: true, outcome: handled });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function applyProviderEvent(tx: Transaction, event: z.infer<typeof ProviderEventSchema>) {
  if (event.type === 'email.received') {
    for (const to of event.data.to) {
      const token = replyTokenPattern.exec(parseEmailAddress(to) ?? '')?.[1];
      if (token) await stopFollowUps(tx, { replyToken: token.toLowerCase() }, 'replied');
    }
    return;
  }
  const reason = event.type === 'email.bounced' ? 'bounced' : 'complained';
  for (const to of event.data.to) {
    const address = parseEmailAddress(to);
    if (!address) continue;
    if (reason === 'bounced') {
      // A bounce speaks for the one address that bounced, not for the mailbox's other spellings.
      const exact = exactSuppressionEmail(address);
      await tx.insert(emailUnsubscribes).values({ email: exact, reason }).onConflictDoNothing();
      await stopFollowUps(tx, { recipientEmail: exact }, reason);
      await recordProspectTouch(tx, { exactEmail: exact }, { kind: 'bounced', at: new Date(), detail: exact });
    } else {
      // A complaint comes from the mailbox's owner: read as widely as an unsubscribe.
      const recipientKey = homeownerEmailKey(address);
      await tx.insert(emailUnsubscribes).values({ email: recipientKey, reason }).onConflictDoNothing();
      await stopFollowUps(tx, { recipientKey }, reason);
      await recordProspectTouch(
        tx,
        { emailKey: recipientKey },
        { kind: 'unsubscribed', at: new Date(), detail: `${address} marked an offer as spam` },
      );
    }
  }
}
