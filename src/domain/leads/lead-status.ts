import { z } from 'zod';

/** A lead's place in the wholesaler's pipeline, in pipeline order; every lead starts 'new'. */
export const LEAD_STATUSES = ['new', 'contacted', 'negotiating', 'under-contract', 'closed', 'dead'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** How each status reads on screen. */
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  negotiating: 'Negotiating',
  'under-contract': 'Under Contract',
  closed: 'Closed',
  dead: 'Dead',
};

export const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: 'Unknown lead status' });

/** PATCH /api/leads-inbox/{id}: the new status. */
export const LeadStatusChangeSchema = z.object({ status: LeadStatusSchema });
export type LeadStatusChange = z.infer<typeof LeadStatusChangeSchema>;
