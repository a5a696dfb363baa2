import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import type { AppContext } from '../app-context';
import { emailUnsubscribes } from '../db/schema';
import { optOutUnsubscribedBuyers } from '../deal-links/opt-out-unsubscribed-buyers';
import { readUnsubscribeToken } from '../email/unsubscribe-token';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';
import { validate } from '../http/validate';
import { recordProspectTouch } from '../prospect-touches/record-prospect-touch';

const invalidLink = 'This unsubscribe link is not valid. Use the link from the e-mail, complete.';
const TokenSchema = z.object({ token: z.string().min(1, invalidLink).max(2000, invalidLink) });

/**
 * The unsubscribe link of the bulk offer e-mails (spec §7): GET tells the /unsubscribe page whose address a
 * token is for and whether it is unsubscribed already; POST unsubscribes it, for good and for
 * every user of the app (the bulk-send worker skips it). POST /one-click?token= is the same for
 * mailbox providers' one-click unsubscribe (RFC 8058).
 */
export function unsubscribeRoutes(context: AppContext) {
  const { db } = context.database;
  const emailOf = (token: string) => readUnsubscribeToken(context.serverSecret, token);
  // For every sender of the app, and the address's follow-ups stop at once.
  const unsubscribe = (email: string) =>
    db.transaction(async (tx) => {
      const recipientKey = homeownerEmailKey(email);
      await tx.insert(emailUnsubscribes).values({ email: recipientKey }).onConflictDoNothing();
      await stopFollowUps(tx, { recipientKey }, 'unsubscribed');
      await optOutUnsubscribedBuyers(tx, recipientKey);
      await recordProspectTouch(
        tx,
        { emailKey: recipientKey },
        { kind: 'unsubscribed', at: new Date(), detail: email },
      );
    });

  return (
    new Hono()
      .get('/', validate('query', TokenSchema), async (c) => {
        const email = emailOf(c.req.valid('query').token);
        if (!email) return c.json({ error: invalidLink }, 400);
        const [row] = await db
          .select({ email: emailUnsubscribes.email })
          .from(emailUnsubscribes)
          .where(eq(emailUnsubscribes.email, homeownerEmailKey(email)));
        return c.json({ email, unsubscribed: Boolean(row) });
      })
      // RFC 8058 one-click unsubscribe, the List-Unsubscribe header's URL: the mailbox provider
      // POSTs `List-Unsubscribe=One-Click` (form-encoded, no cookies) and the address is
      // unsubscribed at once, without a page. The body is not needed: the signed token says whom.
      .post('/one-click', validate('query', TokenSchema), async (c) => {
        const email = emailOf(c.req.valid('query').token);
        if (!email) return c.json({ error: invalidLink }, 400);
        await unsubscribe(email);
        return c.json({ email, unsubscribed: true });
      })
      // A person (or a mail scanner) opening the header's URL gets the page that asks first.
      .get('/one-click', validate('query', TokenSchema), (c) =>
        c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.valid('query').token)}`, 303),
      )
      .post('/', validate('json', TokenSchema), async (c) => {
        const email = emailOf(c.req.valid('json').token);
        if (!email) return c.json({ error: invalidLink }, 400);
        await unsubscribe(email);
        return c.json({ email, unsubscribed: true });
      })
  );
}
