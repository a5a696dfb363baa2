import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../auth/use-session';
import { ExportToGhlButton } from '../integrations/export-to-ghl-button';
import { ExportToSheetsButton } from '../integrations/export-to-sheets-button';
import { exportTargetFromOffer } from '../integrations/export-target';
import { SavePropertyDialog } from '../saved/save-property-dialog';
import type { ComputedOffer } from './calculator-state';

/** §2: a signed-in wholesaler saves (and exports) the offer; a signed-out one is invited to sign in. */
export function WholesalerOfferActions({ offer }: { offer: ComputedOffer }) {
  const location = useLocation();
  const [saveOpen, setSaveOpen] = useState(false);
  const { user } = useSession();

  if (!user) {
    return (
      <div className="offer-actions">
        <Link className="button button-primary" to="/login" state={{ from: location.pathname }}>
          Sign In to Save
        </Link>
      </div>
    );
  }
  return (
    <div className="offer-actions">
      <ExportToSheetsButton target={exportTargetFromOffer(offer)} />
      <ExportToGhlButton target={exportTargetFromOffer(offer)} />
      <button type="button" className="button button-primary" onClick={() => setSaveOpen(true)}>
        Save Property
      </button>
      <SavePropertyDialog
        open={saveOpen}
        onClose={() => setSaveOpen(false)}
        calculation={{
          address: offer.address,
          marketValue: offer.marketValue,
          repairs: offer.repairs,
          template: offer.template,
        }}
        offerRange={offer.range}
      />
    </div>
  );
}
