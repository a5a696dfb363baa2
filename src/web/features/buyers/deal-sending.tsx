import { BuyerListingFormSchema } from '#domain/deals/buyer-listing.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSaveBuyerListing, type DealSending } from './buyers-api';

const typedAmount = (amount: number | null) => (amount === null ? '' : String(amount));

/**
 * "Buyer listing": what buyers see of this deal on their page, beside its photos, ARV and repairs:
 * the asking price, the access and showing notes, the earnest money asked. Never the contract price.
 */
export function BuyerListingForm({ leadId, listing }: { leadId: string; listing: DealSending['listing'] }) {
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

type DealLink = DealSending['links'][number];

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
 * The buyers this deal was sent to, live: whether each opened their page and, once they offered,
 * a pointer to the Buyer offers section, where the offers are compared (never repeated here).
 */
export function DealSent({ sending }: { sending: DealSending }) {
  if (sending.links.length === 0) return null;
  return (
    <section className="deal-sent" aria-labelledby="deal-sent-title">
      <h3 id="deal-sent-title">Sent to buyers</h3>
      <ul className="deal-sent-list" aria-live="polite">
        {sending.links.map((link) => (
          <li key={link.buyerId} className="deal-sent-buyer">
            <span className="deal-sent-name">{link.name}</span>{' '}
            <span className="muted">
              <LinkState link={link} />
            </span>
            {link.offers > 0 && (
              <p className="deal-sent-offer">
                {link.offers === 1 ? 'Offered' : `Offered ${link.offers} times`}: see{' '}
                <a href="#buyer-offers-title">Buyer offers</a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
