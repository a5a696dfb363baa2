import { formatMoney, formatMoneyRange } from '#domain/money/format-money.ts';
import type { ExportTarget } from './export-target';

/** §2 'Export to GoHighLevel' summary: address, market value, total repairs and offer range. */
export function DealSummary({ summary }: { summary: ExportTarget['summary'] }) {
  return (
    <dl className="deal-summary">
      <div>
        <dt>Address</dt>
        <dd>{summary.address}</dd>
      </div>
      <div>
        <dt>Market value</dt>
        <dd>{formatMoney(summary.marketValue)}</dd>
      </div>
      <div>
        <dt>Total repairs</dt>
        <dd>{formatMoney(summary.totalRepairCost)}</dd>
      </div>
      <div>
        <dt>Offer range</dt>
        <dd>{formatMoneyRange(summary.offerRange)}</dd>
      </div>
    </dl>
  );
}
