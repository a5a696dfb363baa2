import { leadStatusLabels, type LeadStatus } from '#domain/leads/lead-status.ts';

/** A lead's pipeline status as a coloured label ('Negotiating'). */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status-${status}`}>{leadStatusLabels[status]}</span>;
}
