import { useState } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { NegotiateOfferDialog } from './negotiate-offer-dialog';
import { ProgramDetailsDialog } from './program-details-dialog';
import { ProgramInfoDialog } from './program-info-dialog';
import { useGetOffer } from './use-get-offer';

type OpenDialog = 'negotiate' | 'program-info' | 'program-form' | null;

interface HomeownerOfferActionsProps {
  offer: CalculatedOffer;
  /** Called as Get Offer leaves the calculator for the lead form, so the page can keep what was entered. */
  onLeave?: () => void;
}

/** A homeowner's buttons under the range: Negotiate (a desired price) and Get Offer (accept), with their dialogs (§2, §4). */
export function HomeownerOfferActions({ offer, onLeave }: HomeownerOfferActionsProps) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  /** The last desired price asked for above the threshold (for the programme), or accepted. */
  const [desiredPrice, setDesiredPrice] = useState<number>();
  const [acceptedPrice, setAcceptedPrice] = useState<number>();
  const getOffer = useGetOffer();

  // A dialog's close event arrives after the next one opened: only close the one that is still open.
  const closeDialog = (which: Exclude<OpenDialog, null>) => () =>
    setOpenDialog((current) => (current === which ? null : current));
  const { address, marketValue } = offer.input;
  const negotiable = { address, marketValue, offerRange: offer.offerRange };

  return (
    <>
      <div className="offer-actions">
        <button type="button" className="button button-secondary" onClick={() => setOpenDialog('negotiate')}>
          Negotiate
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={getOffer.isPending}
          onClick={() => {
            onLeave?.();
            getOffer.mutate({
              address,
              marketValue,
              offerRange: offer.offerRange,
              totalRepairCost: offer.totalRepairCost,
              desiredPrice: acceptedPrice,
            });
          }}
        >
          {getOffer.isPending ? 'Redirecting...' : 'Get Offer'}
        </button>
      </div>
      <p className="offer-actions-status" role="status">
        {acceptedPrice !== undefined &&
          `Your counter-offer of ${formatMoney(acceptedPrice)} was accepted. Press Get Offer to send us your contact details.`}
      </p>

      <NegotiateOfferDialog
        open={openDialog === 'negotiate'}
        offer={negotiable}
        userType="homeowner"
        onClose={closeDialog('negotiate')}
        onNeedsProgram={(price) => {
          setDesiredPrice(price);
          setOpenDialog('program-info');
        }}
        onAccepted={(price) => {
          setDesiredPrice(price);
          setAcceptedPrice(price);
          setOpenDialog(null);
        }}
      />
      <ProgramInfoDialog
        open={openDialog === 'program-info'}
        marketValue={marketValue}
        desiredPrice={desiredPrice}
        onClose={closeDialog('program-info')}
        onShowProgramForm={() => setOpenDialog('program-form')}
      />
      <ProgramDetailsDialog
        open={openDialog === 'program-form'}
        onClose={closeDialog('program-form')}
        offer={negotiable}
        desiredPrice={desiredPrice}
      />
    </>
  );
}
