import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_PROOF_OF_FUNDS_BYTES, proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import {
  BuyerListingSchema,
  BuyerOfferFormSchema,
  dealPageMessages,
  SendDealRequestSchema,
} from '#domain/deals/buyer-listing.ts';
import { OFFER_TOKEN_PATTERN } from '#domain/offer/offer-token-schema.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { requireBuyersReader } from '../buyers/buyers-access';
import { invalidRequestAnswer } from '../http/invalid-request-answer';
import { API_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitBy, limitPerClient } from '../rate-limit/limit-per-client';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createFileStorage } from '../storage/create-file-storage';
import { answerDeal } from './answer-deal';
import { saveBuyerListing } from './buyer-listing';
import { listDealLinks } from './list-deal-links';
import { readDealPage, readDealPhoto } from './read-deal-page';
import { sendDeal } from './send-deal';

/** Opening deal pages and their photos, per client address and minute: a page and its photos, a few times over. */
export const PUBLIC_DEAL_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
/** Buyer offers per client address and minute. */
export const DEAL_OFFER_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;
/** Buyer offers per link and hour: a buyer may correct an offer, not flood the deal. */
export const DEAL_OFFER_PER_LINK_RATE_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

/** An id in the path; anything that is not a UUID is unknown (404), never a 400 or a 500. */
function idOf(id: string, message: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, message, { code: 'not-found' });
  return parsed.data;
}

const FileQuerySchema = z.strictObject({ size: z.enum(['full', 'thumbnail']).default('full') });

/**
 * /api/deal-links (signed in; issue 39 §4–5), a lead's dispositions: any member who sees buyers
 * (an Acquisitions member only once the Owner shared them, else 403) and the lead (else 404) reads;
 * Owners, Managers and Dispositions members ('work-buyers') change:
 * GET /leads/{leadId} → { listing, firstLookHours, links, offers };
 * PUT /leads/{leadId}/listing BuyerListingSchema → { listing } (a lead under contract, else 409);
 * POST /send SendDealRequestSchema → { sent, refused } (each buyer once; another workspace's lead
 * or buyer 404 with nothing sent). A buyer offer's proof-of-funds file is read from /api/dispositions.
 */
export function dealLinksRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(requireBuyersReader(db))
    .get('/leads/:leadId', async (c) =>
      c.json(await listDealLinks(db, c.var.member, idOf(c.req.param('leadId'), dealPageMessages.leadNotFound))),
    )
    .put(
      '/leads/:leadId/listing',
      requireRole('work-buyers'),
      limitPerUser(context, 'deal-links'),
      validate('json', BuyerListingSchema),
      async (c) => {
        const leadId = idOf(c.req.param('leadId'), dealPageMessages.leadNotFound);
        return c.json({ listing: await saveBuyerListing(db, c.var.member, leadId, c.req.valid('json')) });
      },
    )
    .post(
      '/send',
      requireRole('work-buyers'),
      limitPerUser(context, 'deal-links'),
      validate('json', SendDealRequestSchema),
      async (c) => c.json(await sendDeal(context, c.var.member, c.req.valid('json'))),
    );
}

/** The `{token}` of `/deal/{token}`; anything that cannot be one is "not found" like an unknown one. */
function dealToken(value: string): string {
  if (!OFFER_TOKEN_PATTERN.test(value)) throw new Refusal(404, dealPageMessages.notFound, { code: 'deal-not-found' });
  return value;
}

/** A deal page's answers are for its buyer alone: never kept by a shared cache, never indexed. */
function privatePage(c: Context) {
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
}

/** The buyer's offer form: its text fields through BuyerOfferFormSchema, and its file (400 for a body that is not a form). */
async function readOfferForm(c: Context) {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    throw new Refusal(400, 'Send the offer as a form.', { cause: error });
  }
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
  const form = BuyerOfferFormSchema.safeParse({
    amount: text('amount'),
    proofOfFundsAmount: text('proofOfFundsAmount'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
  });
  if (!form.success) {
    const { error, field } = invalidRequestAnswer(form.error);
    throw new Refusal(400, error, field ? { details: { field } } : {});
  }
  const file = body.proofOfFunds;
  const proof = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { form: form.data, proof };
}

/**
 * /api/public/deals/{token} (no sign-in; rate limited per client address), a buyer's own deal page:
 * GET → the deal as buyers see it (readDealPage), recording the first opening;
 * GET /photos/{id} ?size=thumbnail → one of its photos (the stored buyer-safe copy);
 * POST /offers, a form (amount, proofOfFundsAmount, name, email, phone, message, and the file
 * proofOfFunds: PDF, JPEG, PNG or WebP by content, at most 10 MB) → 201 { offer: { id, createdAt } },
 * also limited per link (DEAL_OFFER_PER_LINK_RATE_LIMIT).
 * Unknown or edited tokens: 404 'deal-not-found'; past 30 days: 410 'deal-link-expired'.
 */
export function publicDealsRoutes(context: AppContext) {
  const { db } = context.database;
  const storage = createFileStorage(context.env);
  const perLink = limitBy(
    context,
    (c) =>
      `deal-offer:link:${createHash('sha256')
        .update(c.req.param('token') ?? '')
        .digest('hex')}`,
    DEAL_OFFER_PER_LINK_RATE_LIMIT,
  );
  return new Hono()
    .use(async (c, next) => {
      await next();
      privatePage(c);
    })
    .get('/:token', limitPerClient(context, 'public-deal', PUBLIC_DEAL_RATE_LIMIT), async (c) =>
      c.json(await readDealPage(db, dealToken(c.req.param('token')))),
    )
    .get(
      '/:token/photos/:id',
      limitPerClient(context, 'public-deal', PUBLIC_DEAL_RATE_LIMIT),
      validate('query', FileQuerySchema),
      async (c) => {
        const id = idOf(c.req.param('id'), 'Photo not found');
        const { size } = c.req.valid('query');
        const { bytes, contentType } = await readDealPhoto(db, storage, dealToken(c.req.param('token')), id, size);
        c.header('Content-Type', contentType);
        c.header('Content-Disposition', 'inline');
        return c.body(new Uint8Array(bytes));
      },
    )
    .post(
      '/:token/offers',
      limitPerClient(context, 'deal-offer', DEAL_OFFER_RATE_LIMIT),
      perLink,
      routeBodyLimit(MAX_PROOF_OF_FUNDS_BYTES + API_BODY_LIMIT_BYTES, proofOfFundsMessages.tooLarge),
      async (c) => {
        const token = dealToken(c.req.param('token'));
        const { form, proof } = await readOfferForm(c);
        return c.json({ offer: await answerDeal(db, storage, token, form, proof) }, 201);
      },
    );
}
