import { Link } from 'react-router';
import { useWorkspace } from '#web/api/use-workspace.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { answerLabel, formatOfferRange, sourceLabel } from './lead-labels';
import { LeadStatusBadge } from './lead-status-badge';
import type { LeadSummary } from './leads-api';

/**
 * One homeowner response in the inbox: who (name and contact), the property and the offer made,
 * what they answered and through which channel, the pipeline status and when. The name is the
 * link to the lead (the whole row is its click target); it also names the address for screen
 * readers, which list every row's link.
 */
export function LeadRow({ lead }: { lead: LeadSummary }) {
  const name = lead.name ?? 'Homeowner';
  const offer = formatOfferRange(lead.offerRange);
  // Whose lead it is matters once more than one person works the inbox.
  const inTeam = (useWorkspace().data?.members.length ?? 0) > 1;
  return (
    <article className="lead-row" aria-label={`${name}, ${lead.address}`}>
      <div className="lead-row-who">
        <h2 className="lead-row-name">
          <Link to={`/leads/${lead.id}`} className="lead-row-link" aria-label={`${name}, ${lead.address}`}>
            {name}
          </Link>
        </h2>
        {(lead.email || lead.phone) && (
          <p className="lead-row-contact muted">
            {lead.email}
            {lead.email && lead.phone && ' · '}
            {lead.phone && <span className="nowrap">{lead.phone}</span>}
          </p>
        )}
      </div>
      <div className="lead-row-property">
        <p className="lead-row-address">{lead.address}</p>
        <p className="muted">{offer ? `Offer ${offer}` : 'No offer recorded'}</p>
      </div>
      <div className="lead-row-answer">
        <p className={`lead-answer lead-answer-${lead.responseKind ?? 'none'}`}>{answerLabel(lead.response)}</p>
        <p className="muted">via {sourceLabel(lead.source)}</p>
        {inTeam && lead.assignee && <p className="muted">Assigned to {lead.assignee.name}</p>}
      </div>
      <div className="lead-row-meta">
        <LeadStatusBadge status={lead.status} />
        <LocalDateTime iso={lead.respondedAt} className="muted" />
      </div>
    </article>
  );
}
