import { formatMoney } from '#domain/money/format-money.ts';
import type { LeadDetail } from './leads-api';

/** '2026-12-01' as the member's calendar reads it (the date itself, not shifted by a time zone). */
function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The deal's terms (issue 42 §4): what it went under contract and closed on; nothing until there are some. */
export function LeadDealTerms({ lead }: { lead: LeadDetail['lead'] }) {
  const terms = lead.dealTerms;
  if (!terms) return null;
  const rows: [string, string][] = [];
  if (terms.contractPrice !== null) rows.push(['Contract price', formatMoney(terms.contractPrice)]);
  if (terms.contractDate) rows.push(['Contract date', formatDay(terms.contractDate)]);
  if (terms.closingDate) rows.push(['Closing date', formatDay(terms.closingDate)]);
  if (terms.titleCompany) rows.push(['Title company', terms.titleCompany]);
  if (terms.earnestMoney !== null) rows.push(['Earnest money', formatMoney(terms.earnestMoney)]);
  if (terms.amountReceived !== null) rows.push(['Amount received', formatMoney(terms.amountReceived)]);
  if (terms.closedOn) rows.push(['Closed on', formatDay(terms.closedOn)]);
  return (
    <section className="card" aria-labelledby="lead-deal-terms-title">
      <h2 id="lead-deal-terms-title" className="card-title">
        Deal terms
      </h2>
      <dl className="lead-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
