import { exportDestinationLabels } from '#domain/integrations/export-destination.ts';
import { describeLeadAnswer, leadSourceLabels, type LeadSource } from '#domain/leads/lead-answered-kind.ts';
import { leadStatusLabels } from '#domain/leads/lead-status.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import type { LeadEvent } from './leads-api';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time as the inbox shows it: 'Nov 22, 2026, 5:41 PM' in the browser's time zone. */
export function formatLeadTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** An offer range in whole dollars ('$113,000 – $128,000'); null when the lead has none. */
export function formatOfferRange(range: { low: number; high: number } | null): string | null {
  return range ? `${formatMoney(range.low)} – ${formatMoney(range.high)}` : null;
}

/** A phrase from the middle of a sentence as it starts one ('countered at $150,000' → 'Countered at $150,000'). */
export function sentenceCase(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** What the homeowner answered, as the inbox shows it ('Countered at $150,000'); leads from before answers were recorded have none. */
export function answerLabel(response: string | null): string {
  return response ? sentenceCase(response) : 'No answer recorded';
}

export function sourceLabel(source: LeadSource): string {
  return leadSourceLabels[source];
}

export type LeadEventGroup = 'offers' | 'status' | 'notes';

/** Which part of a lead's page shows an event: the offer history (offer → answer → revised offer → follow-ups, and exports of the offer), the status history (with assignments and logged calls), or the notes. */
export function eventGroup(event: Pick<LeadEvent, 'kind'>): LeadEventGroup {
  if (event.kind === 'status' || event.kind === 'assignment' || event.kind === 'call') return 'status';
  if (event.kind === 'note') return 'notes';
  return 'offers';
}

/** One step of the offer history or status history in words: 'Offer made: $113,000 – $128,000', 'Homeowner countered at $150,000', 'New → Contacted', 'Exported to GoHighLevel: $113,000 – $128,000'. */
export function describeLeadEvent(event: LeadEvent): string {
  const range = formatOfferRange(event.offerRange);
  switch (event.kind) {
    case 'offer':
      return range ? `Offer made: ${range}` : 'Offer made';
    case 'response':
      return event.responseKind
        ? `Homeowner ${describeLeadAnswer(event.responseKind, event.desiredPrice)}`
        : 'Homeowner answered';
    case 'revised-offer':
      return range ? `Revised offer sent: ${range}` : 'Revised offer sent';
    case 'status':
      return `${event.fromStatus ? leadStatusLabels[event.fromStatus] : 'New'} → ${
        event.toStatus ? leadStatusLabels[event.toStatus] : 'Unknown'
      }`;
    case 'note':
      return event.text;
    case 'assignment':
      return `Assigned to ${event.text}`;
    case 'call':
      return event.text;
    case 'follow-up':
      return event.text;
    case 'export': {
      const destination = event.exportedTo ? exportDestinationLabels[event.exportedTo] : 'another service';
      return range ? `Exported to ${destination}: ${range}` : `Exported to ${destination}`;
    }
  }
}

/** Who wrote a history entry ('by Ann Lee'); null for the homeowner's and the app's own entries. */
export function eventAuthor(event: Pick<LeadEvent, 'actor'>): string | null {
  return event.actor ? `by ${event.actor.name}` : null;
}
