import { useId } from 'react';
import { Link } from 'react-router';
import { dispositionLabels } from '#domain/deals/disposition-requests.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { SelectField } from '#web/components/select-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import {
  BuyerChoiceFormSchema,
  DealCostsFormSchema,
  EarnestMoneyFormSchema,
  SaleFormSchema,
  type BuyerChoiceFormValues,
  type DealCostsFormValues,
  type EarnestMoneyFormValues,
  type SaleFormValues,
} from './disposition-form-schemas';
import {
  proofOfFundsHref,
  useChooseBuyers,
  useDealDispositions,
  useDispositionsLiveUpdates,
  useRecordEarnestMoney,
  useRecordSale,
  useSaveDealCosts,
  type BuyerOfferView,
  type DealDispositions as Dispositions,
} from './dispositions-api';
import './dispositions.css';

const typed = (amount: number | null) => (amount === null ? '' : String(amount));
const today = () => new Date().toISOString().slice(0, 10);
const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount));

/** '2026-12-01' as written on a calendar (the date itself, not shifted by a time zone). */
const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const formatTime = (at: string) =>
  new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The server's refusal message when it is the member's to read, else a generic one. */
const refusalMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * A lead's dispositions (issue 39 §6–7), once it is under contract: its buyers' offers side by side
 * (live as buyers answer), the primary and backup buyers, the buyer's earnest money, the sale and
 * the fee ledger. Nothing for a member who may not see the buyers; read-only for one who may not
 * work them.
 */
export function DealDispositions({ lead }: { lead: { id: string; status: string } }) {
  const contracted = lead.status === 'under-contract' || lead.status === 'closed';
  const query = useDealDispositions(lead.id, contracted);
  useDispositionsLiveUpdates();
  const mayWork = useMay()('work-buyers');
  if (!contracted) return null;
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  if (query.isPending || query.isError) {
    return (
      <section className="card deal-dispositions" aria-labelledby="buyer-offers-title" aria-busy={query.isPending}>
        <h2 id="buyer-offers-title" className="card-title">
          Buyer offers
        </h2>
        {query.isPending ? (
          <p className="loading" role="status">
            Loading the buyers&apos; offers...
          </p>
        ) : (
          <p role="alert">We could not load this deal&apos;s offers. Please try again later.</p>
        )}
      </section>
    );
  }
  const deal = query.data;
  return (
    <div className="deal-dispositions-stack">
      <BuyerOffers leadId={lead.id} deal={deal} mayWork={mayWork} />
      <EarnestMoney leadId={lead.id} deal={deal} mayWork={mayWork} />
      <Sale leadId={lead.id} deal={deal} mayWork={mayWork} />
      <FeeLedger leadId={lead.id} deal={deal} mayWork={mayWork} />
    </div>
  );
}

interface SectionProps {
  leadId: string;
  deal: Dispositions;
  mayWork: boolean;
}

function proofText(offer: BuyerOfferView) {
  if (!offer.hasProofFile) return 'No proof sent';
  const amount = offer.proofOfFundsAmount === null ? 'Amount not given' : formatMoney(offer.proofOfFundsAmount);
  return `${amount}: ${offer.proofCovers ? 'covers the offer' : 'does not cover the offer'}`;
}

function BuyerOffers({ leadId, deal, mayWork }: SectionProps) {
  const roleOf = (offer: BuyerOfferView) =>
    offer.id === deal.primaryOfferId ? 'Primary' : offer.id === deal.backupOfferId ? 'Backup' : '';
  return (
    <section className="card deal-dispositions" aria-labelledby="buyer-offers-title">
      <h2 id="buyer-offers-title" className="card-title">
        Buyer offers
      </h2>
      {deal.offers.length === 0 ? (
        <p className="muted" role="status">
          No buyer has offered yet. Offers appear here as soon as buyers answer from their deal page.
        </p>
      ) : (
        <>
          <p className="muted" role="status">
            {deal.offers.length} {deal.offers.length === 1 ? 'offer' : 'offers'}, newest first.
          </p>
          <div className="deal-offers-scroll" role="region" aria-label="Buyer offers, compared" tabIndex={0}>
            <table className="deal-offers">
              <thead>
                <tr>
                  <th scope="col">Buyer</th>
                  <th scope="col">Offer</th>
                  <th scope="col">Proof of funds</th>
                  <th scope="col">Received</th>
                  <th scope="col">Chosen as</th>
                </tr>
              </thead>
              <tbody>
                {deal.offers.map((offer) => (
                  <tr key={offer.id}>
                    <th scope="row">
                      {offer.buyerName}
                      {offer.company && <span className="muted"> · {offer.company}</span>}
                      <span className="deal-offer-contact muted">
                        {[
                          offer.contactName !== offer.buyerName ? offer.contactName : null,
                          offer.contactEmail,
                          offer.contactPhone,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      {offer.message && <span className="deal-offer-message">“{offer.message}”</span>}
                    </th>
                    <td>{formatMoney(offer.amount)}</td>
                    <td>
                      <span className={offer.proofCovers ? 'deal-proof-valid' : 'deal-proof-invalid'}>
                        {proofText(offer)}
                      </span>
                      {offer.hasProofFile && (
                        <>
                          {' '}
                          <a href={proofOfFundsHref(leadId, offer.id)} download>
                            Download<span className="visually-hidden"> {offer.buyerName}&apos;s proof of funds</span>
                          </a>
                        </>
                      )}
                    </td>
                    <td>{formatTime(offer.receivedAt)}</td>
                    <td>{roleOf(offer) || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {mayWork && <BuyerChoiceForm leadId={leadId} deal={deal} />}
        </>
      )}
    </section>
  );
}

function BuyerChoiceForm({ leadId, deal }: { leadId: string; deal: Dispositions }) {
  const choose = useChooseBuyers(leadId);
  const id = useId();
  const form = useSchemaForm(BuyerChoiceFormSchema, {
    primaryOfferId: deal.primaryOfferId ?? '',
    backupOfferId: deal.backupOfferId ?? '',
  } satisfies BuyerChoiceFormValues);
  const options = deal.offers.map((offer) => ({
    value: offer.id,
    label: `${offer.buyerName}: ${formatMoney(offer.amount)}`,
  }));
  return (
    <form
      className="deal-buyer-choice"
      aria-label="Choose the buyers"
      noValidate
      onSubmit={form.handleSubmit((choice) =>
        choose.mutateAsync(choice).then(
          () => notify.success('Buyers saved'),
          (error: unknown) =>
            form.showError('primaryOfferId', refusalMessage(error, 'Could not save the buyers. Please try again.')),
        ),
      )}
    >
      <div className="form-grid">
        <SelectField
          id={`${id}-primary`}
          label="Primary buyer"
          placeholder="No one yet"
          options={options}
          {...form.field('primaryOfferId')}
        />
        <SelectField
          id={`${id}-backup`}
          label="Backup buyer"
          placeholder="No one yet"
          options={options}
          {...form.field('backupOfferId')}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save buyers'}
        </button>
      </div>
    </form>
  );
}

function EarnestMoney({ leadId, deal, mayWork }: SectionProps) {
  const record = useRecordEarnestMoney(leadId);
  const id = useId();
  const { asked, received, receivedOn } = deal.earnestMoney;
  const form = useSchemaForm(EarnestMoneyFormSchema, {
    amount: typed(received ?? asked),
    receivedOn: receivedOn ?? today(),
  } satisfies EarnestMoneyFormValues);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Buyer&apos;s earnest money
      </h2>
      <p className="muted" role="status">
        {received !== null && receivedOn
          ? `${formatMoney(received)} arrived on ${formatDay(receivedOn)}.`
          : 'Not received yet.'}
        {asked !== null && ` Asked: ${formatMoney(asked)}.`}
      </p>
      {mayWork && (
        <form
          noValidate
          aria-label="Record the buyer's earnest money"
          onSubmit={form.handleSubmit((earnest) =>
            record.mutateAsync(earnest).then(
              () => notify.success('Earnest money recorded'),
              (error: unknown) =>
                form.showError('amount', refusalMessage(error, 'Could not record it. Please try again.')),
            ),
          )}
        >
          <div className="form-grid">
            <TextField id={`${id}-amount`} label="Amount received ($)" {...form.field('amount')} />
            <TextField id={`${id}-on`} label="Arrived on" type="date" {...form.field('receivedOn')} />
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-secondary" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : 'Record earnest money'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Sale({ leadId, deal, mayWork }: SectionProps) {
  const record = useRecordSale(leadId);
  const id = useId();
  const primary = deal.offers.find((offer) => offer.id === deal.primaryOfferId);
  const form = useSchemaForm(SaleFormSchema, {
    disposition: deal.sale?.disposition ?? 'assigned',
    price: typed(deal.sale?.price ?? primary?.amount ?? null),
    disposedOn: deal.sale?.disposedOn ?? today(),
  } satisfies SaleFormValues);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Sale
      </h2>
      <p className="muted" role="status">
        {deal.sale
          ? `${dispositionLabels[deal.sale.disposition]} at ${formatMoney(deal.sale.price)} on ${formatDay(deal.sale.disposedOn)}.`
          : 'Not sold yet. Recording the sale closes the lead.'}
      </p>
      {mayWork && (
        <form
          noValidate
          aria-label="Record the sale"
          onSubmit={form.handleSubmit((sale) =>
            record.mutateAsync(sale).then(
              () => notify.success(`Marked ${dispositionLabels[sale.disposition].toLowerCase()}`),
              (error: unknown) =>
                form.showError('price', refusalMessage(error, 'Could not record the sale. Please try again.')),
            ),
          )}
        >
          <div className="form-grid">
            <SelectField
              id={`${id}-how`}
              label="How it sold"
              placeholder="Choose"
              options={[
                { value: 'assigned', label: 'Assigned to the buyer' },
                { value: 'double-closed', label: 'Double-closed (bought and resold)' },
              ]}
              {...form.field('disposition')}
            />
            <TextField
              id={`${id}-price`}
              label={form.values.disposition === 'double-closed' ? 'Resale price ($)' : 'Assignment price ($)'}
              {...form.field('price')}
            />
            <TextField id={`${id}-on`} label="Date" type="date" {...form.field('disposedOn')} />
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : deal.sale ? 'Correct the sale' : 'Mark sold'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function FeeLedger({ leadId, deal, mayWork }: SectionProps) {
  const save = useSaveDealCosts(leadId);
  const id = useId();
  const { ledger } = deal;
  const form = useSchemaForm(DealCostsFormSchema, {
    marketingCost: typed(deal.costs.marketingCost),
    earnestMoneyLost: typed(deal.costs.earnestMoneyLost),
    closingCosts: typed(deal.costs.closingCosts),
  } satisfies DealCostsFormValues);
  const doubleClosed = deal.sale?.disposition === 'double-closed';
  const rows: [string, string][] = [
    ['Contract price', money(ledger.contractPrice)],
    [
      `${doubleClosed ? 'Resale price' : 'Assignment price'}${ledger.projected ? " (primary buyer's offer)" : ''}`,
      money(ledger.salePrice),
    ],
    [ledger.projected ? 'Fee, if the primary buyer closes' : 'Assignment fee', money(ledger.fee)],
    ['Marketing', money(ledger.costs.marketing)],
    ['Earnest money lost', money(ledger.costs.earnestMoneyLost)],
    ['Closing costs (double close)', money(ledger.costs.closingCosts)],
    ['Net fee', money(ledger.netFee)],
  ];
  return (
    <section className="card deal-ledger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Fee ledger
      </h2>
      <dl className="deal-ledger-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        The fee is what the buyer pays over the contract price; the net fee is what is left after the costs.{' '}
        <Link to="/deals">All deals</Link>
      </p>
      {mayWork && (
        <form
          noValidate
          aria-label="The deal's costs"
          onSubmit={form.handleSubmit((costs) =>
            save.mutateAsync(costs).then(
              () => notify.success('Costs saved'),
              (error: unknown) =>
                form.showError('marketingCost', refusalMessage(error, 'Could not save the costs. Please try again.')),
            ),
          )}
        >
          <div className="form-grid">
            <TextField id={`${id}-marketing`} label="Marketing ($)" {...form.field('marketingCost')} />
            <TextField id={`${id}-lost`} label="Earnest money lost ($)" {...form.field('earnestMoneyLost')} />
            <TextField id={`${id}-closing`} label="Closing costs, double close ($)" {...form.field('closingCosts')} />
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-secondary" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : 'Save costs'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
