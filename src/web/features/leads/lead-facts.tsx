import { formatMoney } from '#domain/money/format-money.ts';
import { LeadAssignee } from './lead-assignee';
import { answerLabel, formatLeadTime, formatOfferRange, sourceLabel } from './lead-labels';
import type { LeadDetail } from './leads-api';

/** The homeowner's own words and form answers kept with the lead, as labelled on screen. */
const detailLabels: Record<string, string> = {
  message: 'Message from the homeowner',
  condition: 'Condition',
  timeframe: 'Timeframe',
  notes: 'Notes from the homeowner',
};

/** A lead's "Offer and answer": the answer, the offer and its figures, where it came from, who has it, and the homeowner's contact and words. */
export function LeadFacts({ lead }: { lead: LeadDetail['lead'] }) {
  const details = Object.entries(lead.details).filter(
    (entry): entry is [string, string] => entry[0] in detailLabels && typeof entry[1] === 'string' && entry[1] !== '',
  );
  const offer = formatOfferRange(lead.offerRange);
  return (
    <section className="card" aria-labelledby="lead-summary-title">
      <h2 id="lead-summary-title" className="card-title">
        Offer and answer
      </h2>
      <dl className="lead-facts">
        <div>
          <dt>Answer</dt>
          <dd className={`lead-answer lead-answer-${lead.responseKind ?? 'none'}`}>{answerLabel(lead.response)}</dd>
        </div>
        {lead.acceptedOffer && (
          <div>
            <dt>Accepted offer</dt>
            <dd>
              {formatOfferRange(lead.acceptedOffer)}{' '}
              <span className="muted">
                on <time dateTime={lead.acceptedOffer.at}>{formatLeadTime(lead.acceptedOffer.at)}</time>
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt>Current offer</dt>
          <dd>{offer ?? 'No offer recorded'}</dd>
        </div>
        <div>
          <dt>Market value</dt>
          <dd>{lead.marketValue === null ? 'Not given' : formatMoney(lead.marketValue)}</dd>
        </div>
        <div>
          <dt>Repairs</dt>
          <dd>
            {formatMoney(lead.totalRepairCost)}
            {lead.repairs.length > 0 && (
              <span className="muted"> ({lead.repairs.map((repair) => repair.name).join(', ')})</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{sourceLabel(lead.source)}</dd>
        </div>
        <LeadAssignee lead={lead} />
        <div>
          <dt>Answered</dt>
          <dd>
            <time dateTime={lead.respondedAt}>{formatLeadTime(lead.respondedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : 'Not given'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            {lead.phones.length === 0
              ? 'Not given'
              : lead.phones.map(({ number, wrongNumber }) =>
                  wrongNumber ? (
                    <span key={number}>
                      <s>{number}</s> <span className="lead-phone-wrong">wrong number</span>
                    </span>
                  ) : (
                    <a key={number} href={`tel:${number}`}>
                      {number}
                    </a>
                  ),
                )}
          </dd>
        </div>
        {details.map(([key, value]) => (
          <div key={key}>
            <dt>{detailLabels[key]}</dt>
            <dd className="lead-detail-text">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
