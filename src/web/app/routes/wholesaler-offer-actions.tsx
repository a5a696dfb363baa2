import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { nearbySalesOf } from '#domain/arv/nearby-sales.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { useSession } from '#web/api/use-session.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { forgetArvCompsDraft } from '#web/features/arv/arv-comps-draft.ts';
import { keepCalculationDraft } from '#web/features/calculator/calculation-draft.ts';
import type { OpenedDeal } from '#web/features/calculator/opened-deal.ts';
import { DocumentDownloads } from '#web/features/documents/document-downloads.tsx';
import { exportTargetFromOffer } from '#web/features/integrations/export-target.ts';
import { ExportToGhlButton } from '#web/features/integrations/export-to-ghl-button.tsx';
import { ExportToSheetsButton } from '#web/features/integrations/export-to-sheets-button.tsx';
import { SavePropertyDialog } from '#web/features/saved/save-property-dialog.tsx';
import { ShareOfferButton } from '#web/features/share-offer/share-offer-button.tsx';

/**
 * A signed-in wholesaler saves (and exports) the offer, or saves the saved property it opened again
 * (issue 42 §4); a signed-out one is invited to sign in (§2).
 */
export function WholesalerOfferActions({
  offer,
  opened = null,
}: {
  offer: CalculatedOffer;
  opened?: OpenedDeal | null;
}) {
  const editing = opened?.savedPropertyId ? { savedPropertyId: opened.savedPropertyId, contact: opened.contact } : null;
  const forLead = opened?.leadId ? { leadId: opened.leadId, contact: opened.contact } : null;
  const location = useLocation();
  const [saveOpen, setSaveOpen] = useState(false);
  const { user } = useSession();
  // Saving is working deals (issue 26): a role that may not is not offered it (the server refuses it too).
  const maySave = useMay()('work-deals');
  // Signing in (or registering) on the way brings the user back to this same calculation.
  const keepCalculation = () =>
    keepCalculationDraft({ input: offer.input, userType: 'wholesaler', marketValueSource: offer.marketValueSource });

  if (!user) {
    return (
      <div className="offer-actions">
        <Link
          className="button button-primary"
          to="/login"
          state={{ from: location.pathname }}
          onClick={keepCalculation}
        >
          Sign In to Save
        </Link>
      </div>
    );
  }
  const target = exportTargetFromOffer(offer);
  return (
    <div className="offer-actions">
      <ExportToSheetsButton target={target} />
      <ExportToGhlButton target={target} />
      {target && <DocumentDownloads source={target.source} />}
      <ShareOfferButton
        request={{
          from: 'calculation',
          calculation: offer.input,
          // The comps' address, date and price when the market value is the ARV from them (issue 28).
          nearbySales: nearbySalesOf(offer.marketValueSource),
        }}
      />
      {maySave && (
        <button type="button" className="button button-primary" onClick={() => setSaveOpen(true)}>
          {editing ? 'Save Changes' : 'Save Property'}
        </button>
      )}
      <SavePropertyDialog
        open={saveOpen}
        onClose={() => setSaveOpen(false)}
        calculation={{ ...offer.input, marketValueSource: offer.marketValueSource }}
        offerRange={offer.offerRange}
        onSignInRequired={keepCalculation}
        // Saved with the property, the comps are no longer the calculator's to keep in the tab.
        onSaved={forgetArvCompsDraft}
        editing={editing}
        forLead={forLead}
      />
    </div>
  );
}
