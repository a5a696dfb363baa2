import { Hono } from 'hono';
import { z } from 'zod';
import {
  BuyerChoiceSchema,
  BuyerEarnestMoneySchema,
  DealCostsSchema,
  DealDispositionSchema,
} from '#domain/deals/disposition-requests.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { requireBuyersReader } from '../buyers/buyers-access';
import { proofOfFundsDownload } from '../buyers/read-proof-of-funds';
import { validate } from '../http/validate';
import { leadNotFound } from '../leads-inbox/find-owned-lead';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createFileStorage } from '../storage/create-file-storage';
import { chooseDealBuyers, offerNotFound } from './choose-deal-buyers';
import { readDealDispositions } from './read-deal-dispositions';
import { readProofOfFunds } from './read-proof-of-funds';
import { recordBuyerEarnestMoney } from './record-buyer-earnest-money';
import { recordDealSale } from './record-deal-sale';
import { saveDealCosts } from './save-deal-costs';

/** An id in the path; anything that is not a UUID is unknown (404), never a 400 or a 500. */
function idOf(id: string, notFound: () => Error): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * /api/dispositions (signed in; issue 39 §6–7): a lead's buyer offers, the buyers chosen from them,
 * the buyer's earnest money, the sale and the fee ledger. Reading follows the buyers' rule (Viewers
 * read; Acquisitions only once the Owner shares the buyers, else 403); writing is 'work-buyers'
 * (Owner, Manager, Dispositions), on a lead under contract or closed (else 409). Another workspace's
 * lead or offer, or a lead the member does not see, is 404 with nothing changed.
 * GET /{leadId} → the dispositions (read-deal-dispositions.ts);
 * PUT /{leadId}/buyers { primaryOfferId, backupOfferId } (null clears) → the choice;
 * PUT /{leadId}/earnest-money { amount, receivedOn } → what was recorded;
 * PUT /{leadId}/costs { marketingCost, earnestMoneyLost, closingCosts } → the costs;
 * PUT /{leadId}/sale { disposition: 'assigned' | 'double-closed', price, disposedOn } → the sale and its fee (the lead is Closed);
 * GET /{leadId}/offers/{offerId}/proof-of-funds → the file, as an attachment of its stored type, private to the browser (the one address of an offer's proof).
 */
export function dispositionsRoutes(context: AppContext) {
  const { db } = context.database;
  const storage = createFileStorage(context.env);
  const leadIdOf = (id: string) => idOf(id, leadNotFound);
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .use(requireBuyersReader(db))
    .get('/:leadId', async (c) => c.json(await readDealDispositions(db, c.var.member, leadIdOf(c.req.param('leadId')))))
    .get('/:leadId/offers/:offerId/proof-of-funds', async (c) =>
      proofOfFundsDownload(
        c,
        await readProofOfFunds(
          db,
          storage,
          c.var.member,
          leadIdOf(c.req.param('leadId')),
          idOf(c.req.param('offerId'), offerNotFound),
        ),
      ),
    )
    .put(
      '/:leadId/buyers',
      requireRole('work-buyers'),
      limitPerUser(context, 'dispositions'),
      validate('json', BuyerChoiceSchema),
      async (c) =>
        c.json(await chooseDealBuyers(db, c.var.member, leadIdOf(c.req.param('leadId')), c.req.valid('json'))),
    )
    .put(
      '/:leadId/earnest-money',
      requireRole('work-buyers'),
      limitPerUser(context, 'dispositions'),
      validate('json', BuyerEarnestMoneySchema),
      async (c) =>
        c.json(await recordBuyerEarnestMoney(db, c.var.member, leadIdOf(c.req.param('leadId')), c.req.valid('json'))),
    )
    .put(
      '/:leadId/costs',
      requireRole('work-buyers'),
      limitPerUser(context, 'dispositions'),
      validate('json', DealCostsSchema),
      async (c) => c.json(await saveDealCosts(db, c.var.member, leadIdOf(c.req.param('leadId')), c.req.valid('json'))),
    )
    .put(
      '/:leadId/sale',
      requireRole('work-buyers'),
      limitPerUser(context, 'dispositions'),
      validate('json', DealDispositionSchema),
      async (c) => c.json(await recordDealSale(db, c.var.member, leadIdOf(c.req.param('leadId')), c.req.valid('json'))),
    );
}
