import { signedInPageData } from '../../api/page-data-loader';
import { subscriptionQuery } from '../../api/use-subscription';
import { workspaceQuery } from '../../api/use-workspace';
import { RequireUser } from '../../components/require-user';
import { SavedArvCompsView } from '../../features/arv/saved-arv-comps';
import { CheckoutReturnNotice } from '../../features/billing/checkout-return-notice';
import { DocumentDownloads } from '../../features/documents/document-downloads';
import { ManageBillingButton } from '../../features/billing/manage-billing-button';
import { SavedPropertyExportButtons } from '../../features/integrations/saved-property-export-buttons';
import type { SavedPageSlots } from '../../features/saved/saved-page-slots';
import { savedPropertiesQuery, type SavedProperty } from '../../features/saved/saved-properties-api';
import { sheetsSettingsQuery } from '../../features/integrations/sheets-settings-api';
import { ShareOfferButton } from '../../features/share-offer/share-offer-button';
import { SavedPage } from '../../features/saved/saved-page';

/** A saved property's exports, its Share offer and its documents. */
function PropertyActions({ property }: { property: SavedProperty }) {
  return (
    <>
      <SavedPropertyExportButtons property={property} />
      <ShareOfferButton
        request={{ from: 'saved-property', savedPropertyId: property.id }}
        className="button button-secondary button-small"
        labelSuffix={`for ${property.address}`}
      />
      <DocumentDownloads
        source={{ kind: 'saved', savedPropertyId: property.id }}
        small
        labelSuffix={`for ${property.address}`}
      />
    </>
  );
}

/** The comps kept with a saved property and the ARV they gave, read only (a saved property cannot be edited). */
function PropertyArv({ property }: { property: SavedProperty }) {
  return (
    <SavedArvCompsView arvComps={property.arvComps} marketValue={property.marketValue} address={property.address} />
  );
}

const slots: SavedPageSlots = {
  ManageBilling: ManageBillingButton,
  CheckoutReturnNotice,
  PropertyExports: PropertyActions,
  PropertyArv,
};

/** /saved, for a signed-in user: the saved list with billing's controls and each property's exports and comps. */
export function SavedRoute() {
  return (
    <RequireUser>
      <SavedPage slots={slots} />
    </RequireUser>
  );
}

/** What the server draws /saved with, besides the session: the plan, the first page of the list, the workspace. */
export const loadSavedPageData = signedInPageData(({ queryClient, client }, user) => [
  queryClient.prefetchQuery(subscriptionQuery(client)),
  queryClient.prefetchInfiniteQuery(savedPropertiesQuery(client)),
  queryClient.prefetchQuery(workspaceQuery(user.id, client)),
  // Each card's spreadsheet export says at once whether a spreadsheet is connected.
  queryClient.prefetchQuery(sheetsSettingsQuery(client)),
]);
