import { Hono } from 'hono';
import { z } from 'zod';
import {
  buyerMessages,
  BuyerListQuerySchema,
  BuyerOptOutSchema,
  BuyerSchema,
  BuyerSettingsSchema,
} from '#domain/buyers/buyer-request.ts';
import { MAX_PROOF_OF_FUNDS_BYTES, proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { BuyerImportRequestSchema } from '#domain/buyers/read-buyer-list.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { BUYER_LIST_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createFileStorage } from '../storage/create-file-storage';
import { readBuyerSettings, requireBuyersReader, writeBuyerSettings } from './buyers-access';
import { importBuyers } from './import-buyers';
import { listBuyers } from './list-buyers';
import { matchingMessages, matchLeadBuyers } from './match-lead-buyers';
import { proofOfFundsDownload, readProofOfFunds } from './read-proof-of-funds';
import { createBuyer, deleteBuyer, setBuyerOptOut, updateBuyer } from './save-buyer';
import { removeProofOfFunds, uploadProofOfFunds } from './save-proof-of-funds';

/** An id in the path; anything that is not a UUID is unknown (404), never a 400 or a 500. */
function idOf(id: string, message: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, message, { code: 'not-found' });
  return parsed.data;
}

/** Today's date (UTC) as YYYY-MM-DD: proof of funds is valid through its expiry date. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * /api/buyers (signed in): the workspace's cash buyers (issue 39). Owners, Managers and
 * Dispositions members work them ('work-buyers'); Viewers read; Acquisitions members read only
 * once the Owner shares them (PUT /settings, 'share-buyers'), else 403 'not-allowed'. Another
 * workspace's buyer or lead is 404.
 * GET /settings → BuyerSettings; PUT /settings BuyerSettingsSchema → BuyerSettings;
 * GET / ?q=&cursor= → { buyers, total, nextCursor }; POST / BuyerSchema → 201 { buyer };
 * PUT /{id} BuyerSchema → { buyer }; DELETE /{id} → 204; POST /{id}/opt-out { optedOut } → { buyer };
 * POST /import { csv, mapping } → { outcome: 'ok', added, updated, mergedRows, refused } or the
 * mapping step's { outcome: 'needsMapping', headers, samples, fields };
 * GET /matching/{leadId} → { lead, deal, matched, matches } (a lead under contract);
 * PUT /{id}/proof-of-funds, the file's bytes as the body → { buyer } (PDF, JPEG, PNG or WebP by
 * content, else 415; over 10 MB 413; replaces the file there was); GET /{id}/proof-of-funds → the
 * file, as a download (members who read buyers); DELETE /{id}/proof-of-funds → { buyer }.
 */
export function buyersRoutes(context: AppContext) {
  const { db } = context.database;
  const storage = createFileStorage(context.env);
  const buyerId = (id: string) => idOf(id, buyerMessages.notFound);
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/settings', async (c) => c.json(await readBuyerSettings(db, c.var.member.workspaceId)))
    .put('/settings', requireRole('share-buyers'), validate('json', BuyerSettingsSchema), async (c) => {
      const settings = c.req.valid('json');
      await writeBuyerSettings(db, c.var.member.workspaceId, settings);
      return c.json(settings);
    })
    .use(requireBuyersReader(db))
    .get('/', validate('query', BuyerListQuerySchema), async (c) =>
      c.json(await listBuyers(db, c.var.member.workspaceId, c.req.valid('query'))),
    )
    .get('/matching/:leadId', async (c) => {
      const leadId = idOf(c.req.param('leadId'), matchingMessages.leadNotFound);
      return c.json(await matchLeadBuyers(db, c.var.member, leadId, today()));
    })
    .post('/', requireRole('work-buyers'), validate('json', BuyerSchema), async (c) =>
      c.json({ buyer: await createBuyer(db, c.var.member.workspaceId, c.req.valid('json')) }, 201),
    )
    .post(
      '/import',
      requireRole('work-buyers'),
      routeBodyLimit(BUYER_LIST_BODY_LIMIT_BYTES),
      validate('json', BuyerImportRequestSchema),
      async (c) => {
        const { csv, mapping } = c.req.valid('json');
        return c.json(await importBuyers(db, c.var.member.workspaceId, csv, mapping));
      },
    )
    .put('/:id', requireRole('work-buyers'), validate('json', BuyerSchema), async (c) => {
      const id = idOf(c.req.param('id'), buyerMessages.notFound);
      return c.json({ buyer: await updateBuyer(db, c.var.member.workspaceId, id, c.req.valid('json')) });
    })
    .delete('/:id', requireRole('work-buyers'), async (c) => {
      await deleteBuyer(db, storage, c.var.member.workspaceId, buyerId(c.req.param('id')));
      return c.body(null, 204);
    })
    .put(
      '/:id/proof-of-funds',
      requireRole('work-buyers'),
      limitPerUser(context, 'proof-of-funds'),
      routeBodyLimit(MAX_PROOF_OF_FUNDS_BYTES, proofOfFundsMessages.tooLarge),
      async (c) => {
        const id = buyerId(c.req.param('id'));
        const file = new Uint8Array(await c.req.arrayBuffer());
        return c.json({ buyer: await uploadProofOfFunds(db, storage, c.var.member.workspaceId, id, file) });
      },
    )
    .get('/:id/proof-of-funds', async (c) =>
      proofOfFundsDownload(
        c,
        await readProofOfFunds(db, storage, c.var.member.workspaceId, buyerId(c.req.param('id'))),
      ),
    )
    .delete('/:id/proof-of-funds', requireRole('work-buyers'), limitPerUser(context, 'proof-of-funds'), async (c) =>
      c.json({ buyer: await removeProofOfFunds(db, storage, c.var.member.workspaceId, buyerId(c.req.param('id'))) }),
    )
    .post('/:id/opt-out', requireRole('work-buyers'), validate('json', BuyerOptOutSchema), async (c) => {
      const id = idOf(c.req.param('id'), buyerMessages.notFound);
      return c.json({ buyer: await setBuyerOptOut(db, c.var.member.workspaceId, id, c.req.valid('json').optedOut) });
    });
}
