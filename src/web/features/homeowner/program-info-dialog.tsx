import { negotiationThreshold } from '#domain/leads/negotiation-outcome.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { Modal } from '#web/components/modal.tsx';

interface ProgramInfoDialogProps {
  open: boolean;
  marketValue: number;
  desiredPrice: number | undefined;
  onClose: () => void;
  onShowProgramForm: () => void;
}

/** §2/§4 homeowner info dialog: a price above 82% of market value is for a retail sale, through the MLS/Retail programme. */
export function ProgramInfoDialog({
  open,
  marketValue,
  desiredPrice,
  onClose,
  onShowProgramForm,
}: ProgramInfoDialogProps) {
  return (
    <Modal title="Consider Our MLS/Retail Program" open={open} onClose={onClose}>
      {desiredPrice !== undefined && (
        <p>
          Your desired price of <strong>{formatMoney(desiredPrice)}</strong> is more than a cash buyer can pay for this
          home: a cash offer goes up to about 82% of the market value, or{' '}
          {formatMoney(negotiationThreshold(marketValue))} here.
        </p>
      )}
      <p>
        To get closer to the full market value of {formatMoney(marketValue)}, our MLS/Retail Program lists your home on
        the MLS, where retail buyers with financing can compete for it.
      </p>
      <ul className="program-benefits">
        <li>Your home listed on the MLS and the major home-search sites</li>
        <li>Priced for retail buyers, not investors</li>
        <li>A timeline you choose, from as soon as possible to flexible</li>
        <li>No obligation: tell us about your home and we will call you</li>
      </ul>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Not Now
        </button>
        <button type="button" className="button button-primary" onClick={onShowProgramForm}>
          Continue to Program Details
        </button>
      </div>
    </Modal>
  );
}
