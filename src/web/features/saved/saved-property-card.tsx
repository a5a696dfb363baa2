import { Link } from 'react-router';
import { marketValueFromComps } from '#domain/arv/market-value-from-comps.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { snapshotReceipt } from '#domain/offer/offer-snapshot.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import type { SavedPageSlots } from './saved-page-slots';
import type { SavedProperty } from './saved-properties-api';

/** One saved deal: address, figures, repairs, contact and when it was saved. */
export function SavedPropertyCard({
  property,
  onDelete,
  Exports,
  Arv,
  Photos,
}: {
  property: SavedProperty;
  /** Undefined: no Delete button (a role that may not delete). */
  onDelete: (() => void) | undefined;
  Exports: SavedPageSlots['PropertyExports'];
  Arv?: SavedPageSlots['PropertyArv'];
  Photos?: SavedPageSlots['PropertyPhotos'];
}) {
  const repairs = property.repairCosts as { name: string; cost: number }[];
  // Properties saved before formulas were kept have no receipt.
  const receipt = snapshotReceipt({
    marketValue: property.marketValue,
    totalRepairCost: property.totalRepairCost,
    offerRange: { low: property.cashOfferLow, high: property.cashOfferHigh },
    formula: property.formula,
  });
  return (
    <article className="card saved-card" aria-label={property.address}>
      <header className="saved-card-header">
        <h2>{property.address}</h2>
        <LocalDateTime iso={property.createdAt} className="muted" />
      </header>
      <p className="saved-card-range">
        {formatMoney(property.cashOfferLow)} – {formatMoney(property.cashOfferHigh)}
      </p>
      <dl className="saved-card-facts">
        <div>
          <dt>Market value</dt>
          <dd>{formatMoney(property.marketValue)}</dd>
        </div>
        <div>
          <dt>Repairs</dt>
          <dd>
            {formatMoney(property.totalRepairCost)}
            {repairs.length > 0 && <span className="muted"> ({repairs.map((repair) => repair.name).join(', ')})</span>}
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            {[property.contactName, property.contactEmail].filter(Boolean).join(' · ')}
            {property.contactPhone && (
              <>
                {property.contactName || property.contactEmail ? ' · ' : null}
                <span className="saved-card-phone">{property.contactPhone}</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {receipt && (
        <OfferReceiptView
          receipt={receipt}
          audience="wholesaler"
          templateName={property.formula?.name}
          marketValueFromComps={marketValueFromComps(property.arvComps, property.marketValue)}
        />
      )}
      {Arv && <Arv property={property} />}
      {Photos && <Photos property={property} />}
      <footer className="saved-card-actions">
        {/* Opened again, changed and saved in place, its earlier figures kept (issue 42 §4). */}
        <Link className="button button-secondary button-small" to={`/?saved=${property.id}`}>
          Open in calculator<span className="visually-hidden"> {property.address}</span>
        </Link>
        <Exports property={property} />
        {onDelete && (
          <button type="button" className="button button-secondary button-small" onClick={onDelete}>
            Delete<span className="visually-hidden"> {property.address}</span>
          </button>
        )}
      </footer>
    </article>
  );
}
