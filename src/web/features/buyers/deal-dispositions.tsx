import { BuyerListingFormSchema } from '#domain/deals/buyer-listing.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSaveBuyerListing, type DealDispositions } from './buyers-api';

const typedAmount = (amount: number | null) => (amount === null ? '' : String(amount));

/**
 * "Buyer listing": what buyers see of this deal on their page, beside its photos, ARV and repairs:
 * the asking price, the access and showing notes, the earnest money asked. Never the contract price.
 */
export function BuyerListingForm({ leadId, listing }: { leadId: string; listing: DealDispositions['listing'] }) {
  const save = useSaveBuyerListing(leadId);
  const form = useSchemaForm(BuyerListingFormSchema, {
    askingPrice: typedAmount(listing.askingPrice),
    accessNotes: listing.accessNotes,
    buyerEarnestMoney: typedAmount(listing.buyerEarnestMoney),
  });
  return (
    <form
      className="buyer-listing-form"
      aria-labelledby="buyer-listing-title"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutateAsync(values).then(
          () => notify.success('Buyer listing saved'),
          (error: unknown) =>
            notify.error(serverErrorMessage(error, 'We could not save the listing. Please try again.')),
        ),
      )}
    >
      <h3 id="buyer-listing-title">Buyer listing</h3>
      <p className="muted">What buyers see on their deal page. The contract price is never shown to them.</p>
      <div className="buyer-listing-fields">
        <TextField
          id="listing-asking-price"
          label="Asking price"
          placeholder="e.g. 185000"
          {...form.field('askingPrice')}
        />
        <TextField
          id="listing-earnest-money"
          label="Earnest money asked"
          placeholder="e.g. 5000"
          {...form.field('buyerEarnestMoney')}
        />
      </div>
      <TextAreaField
        id="listing-access-notes"
        label="Access and showing notes"
        maxLength={2000}
        {...form.field('accessNotes')}
      />
      <button type="submit" className="button button-secondary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save listing'}
      </button>
    </form>
  );
}

type DealLink = DealDispositions['links'][number];
type BuyerOffer = DealDispositions['offers'][number];

/** Where one buyer's link stands: opened, or its e-mail held for the proven buyers' first look, or e-mailed. */
function LinkState({ link }: { link: DealLink }) {
  if (link.openedAt) {
    return (
      <>
        Opened <LocalDateTime iso={link.openedAt} />
      </>
    );
  }
  const held = link.sendAfter !== null && link.sentAt !== null && link.sendAfter > link.sentAt;
  if (held && link.sendAfter) {
    return (
      <>
        E-mail held for the first look, due <LocalDateTime iso={link.sendAfter} />
      </>
    );
  }
  return <>E-mailed, not opened yet</>;
}

/**
 * The buyers this deal was sent to, and the offers they made from their pages, live: a buyer's
 * offer shows here as soon as it lands (the lead's live feed).
 */
export function DealSent({ dispositions }: { dispositions: DealDispositions }) {
  if (dispositions.links.length === 0 && dispositions.offers.length === 0) return null;
  const offersBy = new Map<string, BuyerOffer[]>();
  for (const offer of dispositions.offers) offersBy.set(offer.buyerId, [...(offersBy.get(offer.buyerId) ?? []), offer]);
  return (
    <section className="deal-sent" aria-labelledby="deal-sent-title">
      <h3 id="deal-sent-title">Sent to buyers</h3>
      <ul className="deal-sent-list" aria-live="polite">
        {dispositions.links.map((link) => (
          <li key={link.buyerId} className="deal-sent-buyer">
            <span className="deal-sent-name">{link.name}</span>{' '}
            <span className="muted">
              <LinkState link={link} />
            </span>
            {(offersBy.get(link.buyerId) ?? []).map((offer) => (
              <p key={offer.id} className="deal-sent-offer">
                Offered <strong>{formatMoney(offer.amount)}</strong>
                {offer.proofOfFundsAmount !== null && ` · funds shown ${formatMoney(offer.proofOfFundsAmount)}`}
                {offer.hasProofOfFunds && (
                  <>
                    {' · '}
                    <a href={`/api/deal-links/offers/${offer.id}/proof-of-funds`} target="_blank" rel="noreferrer">
                      Proof of funds<span className="visually-hidden"> from {offer.contactName}</span>
                    </a>
                  </>
                )}
                {' · '}
                {offer.contactName}
                {offer.contactEmail && ` (${offer.contactEmail})`}
                {offer.message && <span className="deal-sent-message"> “{offer.message}”</span>}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
