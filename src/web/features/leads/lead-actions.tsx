import { Link } from 'react-router';
import type { LeadDetailSlots } from './lead-detail-slots';
import type { LeadDetail } from './leads-api';
import { SaveLeadButton } from './save-lead-button';

interface LeadActionsProps {
  lead: LeadDetail['lead'];
  /** The member's role may send revised offers and save leads. */
  worksDeals: boolean;
  /** The member may export this lead (it has an offer and a market value). */
  exports: boolean;
  slots: LeadDetailSlots;
  onRevise: () => void;
}

/** What the member's role allows with a lead: send a revised offer, open it in the calculator, save it, export it (the server refuses the rest too). */
export function LeadActions({ lead, worksDeals, exports, slots, onRevise }: LeadActionsProps) {
  return (
    <section className="card" aria-labelledby="lead-actions-title">
      <h2 id="lead-actions-title" className="card-title">
        Actions
      </h2>
      <div className="lead-actions">
        {!worksDeals ? null : lead.email ? (
          <button type="button" className="button button-primary" onClick={onRevise}>
            Send revised offer
          </button>
        ) : (
          <p className="muted">This lead has no e-mail address to send a revised offer to.</p>
        )}
        {worksDeals && (
          <Link
            className="button button-secondary"
            // The deal's saved analysis when it has one, else the lead's own figures.
            to={lead.savedPropertyId ? `/?saved=${lead.savedPropertyId}` : `/?lead=${lead.id}`}
          >
            Open in calculator
          </Link>
        )}
        {worksDeals && <SaveLeadButton leadId={lead.id} />}
        {exports && <slots.LeadExports lead={lead} />}
        {!worksDeals && !exports && <p className="muted">Your role cannot send offers, save or export this lead.</p>}
      </div>
    </section>
  );
}
