import type { ArvSubject, SavedArvComps } from '#domain/arv/arv-request-schema.ts';
import { storedMarketValueSource } from '#domain/arv/market-value-source.ts';
import { formatMoney } from '#domain/money/format-money.ts';

const SUBJECT_FACTS: { key: keyof ArvSubject; label: string; format?: (value: number) => string }[] = [
  { key: 'sqft', label: 'Living area (sq ft)', format: (value) => value.toLocaleString('en-US') },
  { key: 'beds', label: 'Beds' },
  { key: 'baths', label: 'Baths' },
  { key: 'yearBuilt', label: 'Year built' },
  { key: 'lotSqft', label: 'Lot (sq ft)', format: (value) => value.toLocaleString('en-US') },
  { key: 'lat', label: 'Latitude' },
  { key: 'lng', label: 'Longitude' },
];

interface SavedArvCompsViewProps {
  /** What the property keeps (saved_properties.arv_comps); null: saved without comps. */
  arvComps: SavedArvComps | null;
  /** The saved property's market value, to say whether it is this ARV. */
  marketValue: number;
  address: string;
}

/**
 * "ARV from comps" on a saved property (issue 28), read only: the subject's facts, the comps with
 * what became of each (used with its adjusted price, left out, or the user's pin/exclude and
 * reason) and the ARV that was used. The app has no way to edit a saved property's market value
 * or offer, so nothing here can be changed: a new ARV could not be carried into the offer.
 */
export function SavedArvCompsView({ arvComps, marketValue, address }: SavedArvCompsViewProps) {
  const estimate = arvComps?.estimate;
  const usedBy = new Map(estimate?.used.map((used) => [used.index, used.adjustedPrice]));
  const subject = arvComps?.subject;

  return (
    <details className="saved-arv">
      <summary>
        ARV from comps
        <span className="visually-hidden"> for {address}</span>
        {estimate ? `: ${formatMoney(estimate.arv)} from ${estimate.used.length} sales` : ': none kept'}
      </summary>
      <section aria-label={`ARV from comps for ${address}`} className="saved-arv-body">
        <p className="muted saved-arv-note">
          Read only: a saved property cannot be edited yet, so its comps cannot be changed here and a new ARV cannot
          replace its market value or offer. To value it again, estimate it from comps in the calculator and save it
          anew.
        </p>
        {!arvComps ? (
          <p>No comparable sales were kept with this property.</p>
        ) : (
          <>
            {estimate ? (
              <p>
                ARV <strong>{formatMoney(estimate.arv)}</strong> from {estimate.used.length} comparable sales · 80 %
                range {formatMoney(estimate.low)} – {formatMoney(estimate.high)} · Confidence {estimate.confidence}
                /100.{' '}
                {storedMarketValueSource(arvComps, marketValue).kind === 'comps'
                  ? 'It is this property’s market value.'
                  : `The property’s market value (${formatMoney(marketValue)}) was typed, not taken from it.`}
              </p>
            ) : (
              <p>The comps were kept without an ARV being used.</p>
            )}
            {subject && (
              <p>
                The property:{' '}
                {SUBJECT_FACTS.flatMap(({ key, label, format }) => {
                  const value = subject[key];
                  return typeof value === 'number' ? [`${label.toLowerCase()} ${format ? format(value) : value}`] : [];
                }).join(' · ')}
              </p>
            )}
            <div className="table-scroll">
              <table className="arv-comps">
                <caption>Comparable sales kept for {address}</caption>
                <thead>
                  <tr>
                    <th scope="col">Address</th>
                    <th scope="col">Sold</th>
                    <th scope="col">Price</th>
                    <th scope="col">Sq ft</th>
                    <th scope="col">Beds / baths</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {arvComps.comps.map((comp, index) => {
                    const adjusted = usedBy.get(index);
                    const decision = comp.decision;
                    const status =
                      decision?.action === 'exclude'
                        ? `Excluded by you: ${decision.reason}`
                        : adjusted !== undefined
                          ? `Used: adjusted ${formatMoney(adjusted)}${decision?.action === 'pin' ? ` · pinned: ${decision.reason}` : ''}`
                          : 'Not used';
                    return (
                      <tr key={index}>
                        <th scope="row">{comp.address ?? `Comp ${index + 1}`}</th>
                        <td data-label="Sold">{comp.soldDate}</td>
                        <td data-label="Price">{formatMoney(comp.price)}</td>
                        <td data-label="Sq ft">{comp.sqft.toLocaleString('en-US')}</td>
                        <td data-label="Beds / baths">
                          {comp.beds ?? '–'} / {comp.baths ?? '–'}
                        </td>
                        <td data-label="Status">{status}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </details>
  );
}
