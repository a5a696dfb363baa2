import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { MailPieceStatus } from '#domain/mail/mail-send-request.ts';
import type { AppContext } from '../app-context';
import type { Transaction } from '../db/database';
import { mailLobEvents, mailPieces, mailSuppressions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';
import { createSettingsCipher } from '../integrations/settings-cipher';
import { logger } from '../observability/logger';
import { webhookDeliveriesRefused } from '../observability/metrics';
import { readLobSettings } from './lob-settings-store';
import { touchPieceProspects } from './piece-prospects';

/** How far a delivery's Lob-Signature-Timestamp may be from our clock. */
export const LOB_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Lob's signature of a delivery: HMAC-SHA256 of "{timestamp}.{raw body}" with the webhook's secret, hex. */
export function lobSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

// The tracking events this app acts on ("letter.delivered", "postcard.returned_to_sender"…), and
// where each puts the piece; a piece only moves forward (a late in-transit never undoes delivered).
const eventStatus: Record<string, MailPieceStatus> = {
  in_transit: 'in-transit',
  in_local_area: 'in-transit',
  processed_for_delivery: 'in-transit',
  're-routed': 'in-transit',
  delivered: 'delivered',
  returned_to_sender: 'returned',
};
const earlierThan: Record<string, MailPieceStatus[]> = {
  'in-transit': ['mailed'],
  delivered: ['mailed', 'in-transit'],
  returned: ['mailed', 'in-transit', 'delivered'],
};

const LobEventSchema = z.object({
  id: z.string().min(1).max(200),
  event_type: z.object({ id: z.string().max(200) }),
  body: z.object({ id: z.string().min(1).max(200) }),
});

const WebhookParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/**
 * POST /api/mail/webhook/{id}: Lob's tracking events for workspace {id}, signed with the webhook
 * secret the workspace saved (Lob-Signature over "{Lob-Signature-Timestamp}.{raw body}", the
 * timestamp in milliseconds, within five minutes). Unsigned, forged, stale, or a workspace with no
 * secret saved (fail closed): 401, nothing changed. An event id already handled is acknowledged
 * and changes nothing. An event moves only this workspace's piece with that Lob id; returned to
 * sender puts its mailing address on the workspace's do-not-mail list.
 */
export function lobWebhookRoutes({ database, serverSecret }: AppContext) {
  const cipher = createSettingsCipher(serverSecret);
  const refuse = (reason: string) => {
    webhookDeliveriesRefused.inc({ provider: 'lob', reason });
    return { error: 'Invalid signature' };
  };
  return new Hono().post('/:id', bodyLimit({ maxSize: 256 * 1024 }), async (c) => {
    const param = WebhookParam.safeParse(c.req.param());
    if (!param.success) return c.json(refuse('signature'), 401);
    const workspaceId = param.data.id;
    const body = await c.req.text();
    const timestamp = c.req.header('lob-signature-timestamp') ?? '';
    const signature = c.req.header('lob-signature') ?? '';
    const { webhookSecret } = await readLobSettings(database.db, cipher, workspaceId);
    if (!webhookSecret) return c.json(refuse('not-configured'), 401);
    const expected = Buffer.from(lobSignature(webhookSecret, timestamp, body));
    const given = Buffer.from(signature);
    if (!/^\d{10,16}$/.test(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected))
      return c.json(refuse('signature'), 401);
    if (Math.abs(Date.now() - Number(timestamp)) > LOB_WEBHOOK_TOLERANCE_MS) return c.json(refuse('stale'), 401);

    const parsed = LobEventSchema.safeParse(parseJson(body));
    if (!parsed.success) return c.json({ received: true, outcome: 'ignored' });
    const event = parsed.data;
    const outcome = await database.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(mailLobEvents)
        .values({ workspaceId, eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: mailLobEvents.eventId });
      if (!first) return 'replayed';
      return applyLobEvent(tx, workspaceId, event.event_type.id, event.body.id);
    });
    if (outcome === 'replayed') logger.info(`Lob event ${event.id} replayed: nothing changed`);
    return c.json({ received: true, outcome });
  });
}

async function applyLobEvent(tx: Transaction, workspaceId: string, type: string, lobId: string) {
  const status = eventStatus[type.replace(/^(letter|postcard)\./, '')];
  if (!status) return 'ignored';
  const [piece] = await tx
    .update(mailPieces)
    .set({ status })
    .where(
      and(
        inWorkspace(mailPieces, workspaceId),
        eq(mailPieces.lobId, lobId),
        inArray(mailPieces.status, earlierThan[status]!),
      ),
    )
    .returning({ id: mailPieces.id, mailingAddressKey: mailPieces.mailingAddressKey });
  if (!piece) return 'unchanged';
  if (status === 'delivered' || status === 'returned')
    await touchPieceProspects(tx, workspaceId, piece.id, { kind: status, at: new Date() });
  if (status === 'returned') {
    await tx
      .insert(mailSuppressions)
      .values({ workspaceId, mailingAddressKey: piece.mailingAddressKey, reason: 'returned' })
      .onConflictDoNothing();
    await stopFollowUps(tx, { workspaceId, mailingAddressKey: piece.mailingAddressKey }, 'returned');
  }
  return status;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
