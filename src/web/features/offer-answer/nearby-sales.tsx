import { useId } from 'react';
import type { NearbySale } from '#domain/arv/arv-request-schema.ts';
import { formatMoney } from '#domain/money/format-money.ts';

// A calendar date in UTC and en-US: the same text on the server and in the browser, whatever their zones.
const shortDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** '2025-01-10' → 'Jan 10, 2025'. */
const saleDate = (soldDate: string) => shortDate.format(new Date(`${soldDate}T00:00:00Z`));

/**
 * What the market value rests on when it came from comparable sales (issue 28): "Based on N nearby
 * sales" and each sale's address, date and price, nothing of how they were adjusted or weighted.
 */
export function NearbySales({ sales }: { sales: readonly NearbySale[] }) {
  const id = useId();
  if (sales.length === 0) return null;
  const count = sales.length === 1 ? '1 nearby sale' : `${sales.length} nearby sales`;
  return (
    <section className="offer-nearby-sales" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{`Market value based on ${count}`}</h3>
      <p className="muted">The market value comes from what these homes near yours sold for.</p>
      <table>
        <caption className="visually-hidden">Nearby sales</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Sold</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale, index) => (
            <tr key={index}>
              <th scope="row">{sale.address || 'Address not given'}</th>
              <td>{saleDate(sale.soldDate)}</td>
              <td>{formatMoney(sale.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
