import { z } from 'zod';
import { HandleSchema } from '../profile/wholesaler-profile-schema';
import { LeadRequestSchema } from './lead-request-schema';

/**
 * POST /api/leads: a homeowner's lead as the calculator sends it, plus, on a wholesaler's
 * personal page `/c/{handle}`, that page's handle: the lead then belongs to that wholesaler.
 * Without a handle it is the operator's (public calculator, e-mailed to LEADS_EMAIL).
 */
export const AttributedLeadRequestSchema = z.intersection(
  LeadRequestSchema,
  z.object({ handle: HandleSchema.optional() }),
);

export type AttributedLeadRequest = z.infer<typeof AttributedLeadRequestSchema>;
