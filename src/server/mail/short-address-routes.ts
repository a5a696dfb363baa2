import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { parseShortCode } from '#domain/mail/short-code.ts';
import type { AppContext } from '../app-context';
import { emailUnsubscribes, mailPieces, mailShortCodes, mailSuppressions, offerLinks } from '../db/schema';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';
import { clientIp } from '../http/client-ip';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { consumeRateLimit, rateLimitWait } from '../rate-limit/consume-rate-limit';
import { limitPerClient, tooManyRequestsMessage } from '../rate-limit/limit-per-client';
import { touchPieceProspects } from './piece-prospects';
import { openShortCode, shortCodeDigest } from './short-code-seal';

/** Short codes that match nothing, per client address and hour: a person mistypes a few; 2^50 codes are not guessed at this pace. */
export const SHORT_CODE_MISSES = { limit: 10, windowMs: 60 * 60_000 } as const;
/** Stop requests per client address and minute. */
const STOP_REQUESTS = { limit: 20, windowMs: 60_000 } as const;

export const shortAddressMessages = {
  notFound: 'This short address is not valid. Check the code printed on your letter, letter by letter.',
  stopped: 'Done: no more offers will be mailed or e-mailed to your address by this sender.',
} as const;

const StopSchema = z.object({ code: z.string().max(40, shortAddressMessages.notFound) });

/**
 * A short code's offer link, its workspace and piece; null when no code matches. Past
 * SHORT_CODE_MISSES misses from one client in the window, every look is refused (429) before the
 * code is tried, so a guesser cannot tell a hit from a miss; each miss counts.
 */
async function findShortCode({ env, database, serverSecret }: AppContext, c: Context, typed: string) {
  const { db } = database;
  const rule = { key: `short-code-miss:ip:${clientIp(c, env.TRUST_PROXY)}`, ...SHORT_CODE_MISSES };
  const wait = await rateLimitWait(db, rule);
  if (wait > 0) {
    c.header('Retry-After', String(Math.ceil(wait / 1000)));
    throw new Refusal(429, tooManyRequestsMessage(wait), { code: 'rate-limited' });
  }
  const code = parseShortCode(typed);
  const [found] = code
    ? await db
        .select({
          sealed: mailShortCodes.sealed,
          workspaceId: mailShortCodes.workspaceId,
          pieceId: mailShortCodes.pieceId,
          mailingAddressKey: mailPieces.mailingAddressKey,
          recipientEmail: offerLinks.recipientEmail,
        })
        .from(mailShortCodes)
        .innerJoin(mailPieces, eq(mailPieces.id, mailShortCodes.pieceId))
        .innerJoin(offerLinks, eq(offerLinks.id, mailShortCodes.offerLinkId))
        .where(eq(mailShortCodes.codeDigest, shortCodeDigest(serverSecret, code)))
    : [];
  if (!found) {
    await consumeRateLimit(db, rule);
    return null;
  }
  return { ...found, token: openShortCode(serverSecret, found.sealed).token };
}

/**
 * GET /o/{code}, the short address printed on a mailed offer (issue 41): opens the same offer
 * page as the link, /offer/{token} (a redirect that no cache keeps and no referrer carries). It
 * reveals nothing else: an unknown code is a plain 404, and misses are rate-limited.
 * /o/{code}/stop is a page of the web app (features/mail) that posts to stopRoutes below.
 */
export function shortAddressRoutes(context: AppContext) {
  return new Hono()
    .onError((error, c) =>
      error instanceof Refusal ? c.text(error.message, error.status) : c.text('Something went wrong.', 500),
    )
    .get('/:code', async (c) => {
      const found = await findShortCode(context, c, c.req.param('code'));
      if (!found) return c.text(shortAddressMessages.notFound, 404, { 'cache-control': 'no-store' });
      c.header('cache-control', 'no-store');
      c.header('referrer-policy', 'no-referrer');
      return c.redirect(`/offer/${encodeURIComponent(found.token)}`, 303);
    });
}

/**
 * POST /api/public/mail/stop { code } (no sign-in): the owner who holds a piece stops offers to its
 * mailing address, for the whole workspace that mailed it: by mail (the do-not-mail list) and by
 * e-mail (the owner's e-mail, when the send knew it, unsubscribed as its link would, and their
 * follow-ups stopped), and the piece's prospects touched 'unsubscribed'. Answers only that it is done; an unknown code is a 404, rate-limited as /o/ is.
 */
export function stopRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono().post(
    '/stop',
    limitPerClient(context, 'mail-stop', STOP_REQUESTS),
    validate('json', StopSchema),
    async (c) => {
      const found = await findShortCode(context, c, c.req.valid('json').code);
      if (!found) throw new Refusal(404, shortAddressMessages.notFound, { code: 'not-found' });
      await db.transaction(async (tx) => {
        await tx
          .insert(mailSuppressions)
          .values({ workspaceId: found.workspaceId, mailingAddressKey: found.mailingAddressKey, reason: 'stopped' })
          .onConflictDoNothing();
        await stopFollowUps(
          tx,
          { workspaceId: found.workspaceId, mailingAddressKey: found.mailingAddressKey },
          'unsubscribed',
        );
        // The piece's owners are prospects who asked to stop (the Prospects screen says so).
        await touchPieceProspects(tx, found.workspaceId, found.pieceId, {
          kind: 'unsubscribed',
          at: new Date(),
          detail: 'Asked to stop offers by mail',
        });
        if (found.recipientEmail) {
          const recipientKey = homeownerEmailKey(found.recipientEmail);
          await tx.insert(emailUnsubscribes).values({ email: recipientKey }).onConflictDoNothing();
          await stopFollowUps(tx, { recipientKey }, 'unsubscribed');
        }
      });
      return c.json({ stopped: true, message: shortAddressMessages.stopped });
    },
  );
}
