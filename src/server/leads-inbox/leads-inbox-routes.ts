import { Hono } from 'hono';
import { z } from 'zod';
import {
  LeadHistoryQuerySchema,
  LeadNoteSchema,
  LeadsInboxQuerySchema,
  LeadStatusChangeSchema,
  RevisedOfferRequestSchema,
} from '../../domain/leads/lead-inbox-requests';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { addLeadNote } from './add-lead-note';
import { changeLeadStatus } from './change-lead-status';
import { leadMessages } from './find-owned-lead';
import { getLead } from './get-lead';
import { listLeadEvents } from './list-lead-events';
import { listLeads } from './list-leads';
import { saveLeadAsProperty } from './save-lead-as-property';
import { sendRevisedOffer } from './send-revised-offer';

/** A lead id; anything that is not a UUID is an unknown lead (404), never a 400 or a 500. */
function leadId(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });
  return parsed.data;
}

/**
 * /api/leads-inbox (signed in): the wholesaler's own leads only; another user's lead id is 404.
 * GET / ?status=&q=&cursor= → { leads, nextCursor }; GET /{id} → { lead, events, earlierCursor }
 * (the newest 50 history entries); GET /{id}/events?before={earlierCursor} → { events, earlierCursor }
 * (the 50 before them); PATCH /{id} { status } → { lead } (rate limited per user);
 * POST /{id}/notes { text } → 201 { event } (at most 200 a lead, then 409);
 * POST /{id}/revised-offer RevisedOfferRequestSchema → 201 { offerLink, emailId };
 * POST /{id}/save → 201 { property } (plan limits as for any save).
 */
export function leadsInboxRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', LeadsInboxQuerySchema), async (c) =>
      c.json(await listLeads(db, c.var.user.id, c.req.valid('query'))),
    )
    .get('/:id', async (c) => c.json(await getLead(db, c.var.user.id, leadId(c.req.param('id')))))
    .get('/:id/events', validate('query', LeadHistoryQuerySchema), async (c) =>
      c.json(await listLeadEvents(db, c.var.user.id, leadId(c.req.param('id')), c.req.valid('query').before)),
    )
    .patch('/:id', limitPerUser(context, 'lead-status'), validate('json', LeadStatusChangeSchema), async (c) => {
      const lead = await changeLeadStatus(db, c.var.user.id, leadId(c.req.param('id')), c.req.valid('json').status);
      return c.json({ lead });
    })
    .post('/:id/notes', validate('json', LeadNoteSchema), async (c) => {
      const event = await addLeadNote(db, c.var.user.id, leadId(c.req.param('id')), c.req.valid('json').text);
      return c.json({ event }, 201);
    })
    .post('/:id/revised-offer', validate('json', RevisedOfferRequestSchema), async (c) =>
      c.json(await sendRevisedOffer(context, c.var.user.id, leadId(c.req.param('id')), c.req.valid('json')), 201),
    )
    .post('/:id/save', async (c) => {
      const property = await saveLeadAsProperty(context, c.var.user.id, leadId(c.req.param('id')));
      return c.json({ property }, 201);
    });
}
