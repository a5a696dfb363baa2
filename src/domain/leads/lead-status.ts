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

/** Whether a text (from the address bar, say) names a status. */
export function isLeadStatus(value: string | null): value is LeadStatus {
  return (LEAD_STATUSES as readonly (string | null)[]).includes(value);
}
