import { Hono } from 'hono';
import { calculatorLeadAnswer } from '#domain/leads/lead-answer.ts';
import { LeadRequestSchema } from '#domain/leads/lead-request-schema.ts';
import type { AppContext } from '../app-context';
import { validate } from '../http/validate';
import { limitPerClient } from '../rate-limit/limit-per-client';
import { recordLead } from './record-lead';

/** Lead submissions allowed per client address and window: a homeowner needs three at most (counter, programme, accept). */
export const LEAD_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/**
 * §4, §5, issue 6: POST /api/leads stores a homeowner's accept, counter-offer or programme request
 * made on the operator's calculator; anyone may send one. Every submission counts against the
 * client's address, valid or not, so the form cannot be used to flood the leads inbox (429).
 */
export function leadsRoutes(context: AppContext) {
  return new Hono().post(
    '/',
    limitPerClient(context, 'leads', LEAD_RATE_LIMIT),
    validate('json', LeadRequestSchema),
    async (c) => {
      const answer = calculatorLeadAnswer(c.req.valid('json'));
      // The operator's own calculator: the lead has no wholesaler and is announced to LEADS_EMAIL.
      const { leadId } = await context.database.db.transaction((tx) =>
        recordLead(tx, context.env, {
          workspace: null,
          answer,
          offerLinkId: null,
          revisesLeadId: null,
          at: new Date(),
        }),
      );
      return c.json({ id: leadId }, 201);
    },
  );
}
