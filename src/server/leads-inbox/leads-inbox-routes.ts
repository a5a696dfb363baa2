import { Hono } from 'hono';
import { z } from 'zod';
import {
  LeadAssigneeChangeSchema,
  LeadFollowUpRequestSchema,
  LeadHistoryQuerySchema,
  LeadNoteSchema,
  LeadsInboxQuerySchema,
  LeadStatusChangeSchema,
  RevisedOfferRequestSchema,
} from '#domain/leads/lead-inbox-requests.ts';
import { SavePropertyRequestSchema } from '#domain/properties/save-property-request.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { COMPS_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { addLeadNote } from './add-lead-note';
import { changeLeadStatus } from './change-lead-status';
import { leadMessages } from './find-owned-lead';
import { getLead } from './get-lead';
import { listLeadEvents } from './list-lead-events';
import { listLeads } from './list-leads';
import { reassignLead } from './reassign-lead';
import { saveLeadAsProperty } from './save-lead-as-property';
import { sendRevisedOffer } from './send-revised-offer';
import { pauseLeadFollowUp, startLeadFollowUp } from './start-lead-follow-up';

/** A lead id; anything that is not a UUID is an unknown lead (404), never a 400 or a 500. */
export function leadId(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new Refusal(404, leadMessages.notFound, { code: 'lead-not-found' });
  return parsed.data;
}

/**
 * /api/leads-inbox (signed in): the leads of the member's workspace they see (all of them, or only
 * those assigned to them); any other lead id is 404. Each lead carries `assignee: { userId, name } | null`,
 * each history entry `actor: { userId, name } | null` (null: the homeowner or the workspace's rule).
 * GET / ?status=&assignee=me|all|{userId}&q=&cursor= → { leads, nextCursor };
 * GET /{id} → { lead, events, earlierCursor } (the newest 50 history entries);
 * GET /{id}/events?before={earlierCursor} → { events, earlierCursor } (the 50 before them);
 * PATCH /{id} { status, contract? (Under Contract), closing? (Closed) } → { lead } (rate limited per user) and POST /{id}/notes { text } → 201 { event }
 * (at most 200 a lead, then 409): roles that work deals, Dispositions once the lead is under contract or closed;
 * PUT /{id}/assignee { userId } → { lead } (work deals or manage members; a non-member is 400 'not-a-member');
 * POST /{id}/revised-offer RevisedOfferRequestSchema → 201 { offerLink, emailId } (work deals);
 * POST /{id}/calls logs a call's outcome (calls/lead-calls-routes.ts, mounted beside these);
 * POST /{id}/save → 201 { property } (work deals; the workspace's plan limits as for any save): the
 * lead's offer saved as its deal, and POST /{id}/save-calculation (the save's body) the calculator's
 * figures for it (opened at /?lead={id}) saved as its deal;
 * POST /{id}/follow-up { replace? } → 201 { followUp } starts the built-in follow-up sequence (work
 * deals; 409 'follow-up-active' when one runs and `replace` is not set) and DELETE /{id}/follow-up
 * → { followUp } pauses it.
 * A role's refusal is 403 { code: 'not-allowed' }, nothing changed.
 */
export function leadsInboxRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', validate('query', LeadsInboxQuerySchema), async (c) =>
      c.json(await listLeads(db, c.var.member, c.req.valid('query'))),
    )
    .get('/:id', async (c) => c.json(await getLead(db, c.var.member, leadId(c.req.param('id')))))
    .get('/:id/events', validate('query', LeadHistoryQuerySchema), async (c) =>
      c.json(await listLeadEvents(db, c.var.member, leadId(c.req.param('id')), c.req.valid('query').before)),
    )
    .patch('/:id', limitPerUser(context, 'lead-status'), validate('json', LeadStatusChangeSchema), async (c) => {
      const lead = await changeLeadStatus(db, c.var.member, leadId(c.req.param('id')), c.req.valid('json'));
      return c.json({ lead });
    })
    .put(
      '/:id/assignee',
      limitPerUser(context, 'lead-status'),
      validate('json', LeadAssigneeChangeSchema),
      async (c) => {
        const lead = await reassignLead(
          db,
          context.env,
          c.var.member,
          leadId(c.req.param('id')),
          c.req.valid('json').userId,
        );
        return c.json({ lead });
      },
    )
    .post('/:id/notes', validate('json', LeadNoteSchema), async (c) => {
      const event = await addLeadNote(db, c.var.member, leadId(c.req.param('id')), c.req.valid('json').text);
      return c.json({ event }, 201);
    })
    .post('/:id/revised-offer', requireRole('work-deals'), validate('json', RevisedOfferRequestSchema), async (c) =>
      c.json(await sendRevisedOffer(context, c.var.member, leadId(c.req.param('id')), c.req.valid('json')), 201),
    )
    .post('/:id/follow-up', requireRole('work-deals'), validate('json', LeadFollowUpRequestSchema), async (c) => {
      const followUp = await startLeadFollowUp(context, c.var.member, leadId(c.req.param('id')), c.req.valid('json'));
      return c.json({ followUp }, 201);
    })
    .delete('/:id/follow-up', requireRole('work-deals'), async (c) =>
      c.json({ followUp: await pauseLeadFollowUp(context, c.var.member, leadId(c.req.param('id'))) }),
    )
    .post('/:id/save', requireRole('work-deals'), async (c) => {
      const property = await saveLeadAsProperty(context, c.var.member, leadId(c.req.param('id')));
      return c.json({ property }, 201);
    })
    .post(
      '/:id/save-calculation',
      requireRole('work-deals'),
      // A market value from comps brings its comps (up to 500) with the save.
      routeBodyLimit(COMPS_BODY_LIMIT_BYTES),
      validate('json', SavePropertyRequestSchema),
      async (c) => {
        const id = leadId(c.req.param('id'));
        const property = await saveLeadAsProperty(context, c.var.member, id, c.req.valid('json'));
        return c.json({ property }, 201);
      },
    );
}
