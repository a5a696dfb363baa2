import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HomeownerContactSchema, type HomeownerContact } from '#domain/contact/contact-schema.ts';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { parseAcceptPageQuery, type AcceptedOffer } from '#domain/leads/accept-page-query.ts';
import { formatMoney, formatMoneyRange } from '#domain/money/format-money.ts';
import { ContactFields } from '#web/components/contact-fields.tsx';
import { FactList, type Fact } from '#web/components/fact-list.tsx';
import { useFocusOnMount } from '#web/components/focus-on-mount.ts';
import { notify } from '#web/components/notify.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { leadErrorMessage, useSubmitLead } from './leads-api';

const emptyContact: HomeownerContact = { name: '', email: '', phone: '' };

/**
 * The app's own lead form (ACCEPT_PAGE_PATH), where Get Offer leads when no outside
 * LEAD_FORM_URL is configured: the offer from the query, prefilled, and the homeowner's name,
 * e-mail and phone, all required (§5). Submitting records an 'accept' lead with the contact.
 */
export function LeadPage() {
  const { search } = useLocation();
  const offer = useMemo(() => parseAcceptPageQuery(new URLSearchParams(search)), [search]);
  const [submitted, setSubmitted] = useState(false);

  if (!offer) {
    return (
      <section className="page narrow lead-page">
        <h1>Get Your Cash Offer</h1>
        <p>This link does not carry a complete offer. Calculate your offer first, then press Get Offer.</p>
        <Link className="button button-primary" to="/">
          Calculate your cash offer
        </Link>
      </section>
    );
  }
  return (
    <section className="page narrow lead-page" aria-labelledby="lead-title">
      {submitted ? <Submitted offer={offer} /> : <LeadForm offer={offer} onSubmitted={() => setSubmitted(true)} />}
    </section>
  );
}

function OfferSummary({ offer }: { offer: AcceptedOffer }) {
  return (
    <FactList
      className="lead-summary card"
      facts={[
        ['Property', offer.address],
        ['Cash offer range', formatMoneyRange(offer.offerRange), 'lead-summary-range'],
        ['Market value', formatMoney(offer.marketValue)],
        ['Estimated repairs', formatMoney(offer.totalRepairCost)],
        ...(offer.desiredPrice === undefined
          ? []
          : [['Your accepted counter-offer', formatMoney(offer.desiredPrice)] satisfies Fact]),
      ]}
    />
  );
}

function LeadForm({ offer, onSubmitted }: { offer: AcceptedOffer; onSubmitted: () => void }) {
  const form = useSchemaForm(HomeownerContactSchema, emptyContact);

  const submit = useSubmitLead({
    onSuccess: () => {
      notify.success('Your information has been submitted successfully!');
      onSubmitted();
    },
    onError: (failure) => notify.error(leadErrorMessage(failure, 'Failed to submit form. Please try again.')),
  });

  return (
    <>
      <h1 id="lead-title">Get Your Cash Offer</h1>
      <p>Tell us how to reach you and we will confirm your no-obligation cash offer.</p>
      <OfferSummary offer={offer} />
      <form
        className="card"
        aria-labelledby="lead-form-title"
        noValidate
        onSubmit={form.handleSubmit((contact) => submit.mutate({ kind: 'accept', ...offer, contact }))}
      >
        <h2 id="lead-form-title" className="card-title">
          Your contact details
        </h2>
        <p className="field-hint">All fields are required.</p>
        <ContactFields
          idPrefix="lead"
          fields={{
            name: form.field('name'),
            email: form.field('email'),
            phone: form.field('phone', formatPhoneInput),
          }}
        />
        <div className="form-actions">
          <Link className="button button-secondary" to="/">
            Back to calculator
          </Link>
          {/* §5: Submit is enabled only when name, e-mail and phone are all present and valid. */}
          <button type="submit" className="button button-primary" disabled={!form.valid || submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </>
  );
}

function Submitted({ offer }: { offer: AcceptedOffer }) {
  // The form that had the focus is gone: the focus moves to what replaced it.
  useFocusOnMount('lead-title');
  return (
    <>
      <h1 id="lead-title" tabIndex={-1}>
        Thank You!
      </h1>
      <p role="status">
        We have your details and your cash offer of {formatMoneyRange(offer.offerRange)} for {offer.address}. We will
        contact you shortly to confirm it.
      </p>
      <OfferSummary offer={offer} />
      <Link className="button button-primary" to="/">
        Back to calculator
      </Link>
    </>
  );
}
