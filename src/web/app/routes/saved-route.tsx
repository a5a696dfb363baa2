import { RequireUser } from '../../components/require-user';
import { CheckoutReturnNotice } from '../../features/billing/checkout-return-notice';
import { ManageBillingButton } from '../../features/billing/manage-billing-button';
import { SavedPropertyExportButtons } from '../../features/integrations/saved-property-export-buttons';
import type { SavedPageSlots } from '../../features/saved/saved-page-slots';
import { SavedPage } from '../../features/saved/saved-page';

const slots: SavedPageSlots = {
  ManageBilling: ManageBillingButton,
  CheckoutReturnNotice,
  PropertyExports: SavedPropertyExportButtons,
};

/** /saved, for a signed-in user: the saved list with billing's controls and each property's exports. */
export function SavedRoute() {
  return (
    <RequireUser>
      <SavedPage slots={slots} />
    </RequireUser>
  );
}
