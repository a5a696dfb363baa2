import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { signedInPageData } from '#web/api/page-data-loader.ts';
import { subscriptionQuery } from '#web/api/use-subscription.ts';
import { useMay, workspaceQuery } from '#web/api/use-workspace.ts';
import { IMPORT_PARAM } from '#web/components/bulk-import-path.ts';
import { RequireUser } from '#web/components/require-user.tsx';
import { SavedArvCompsView } from '#web/features/arv/saved-arv-comps.tsx';
import { CheckoutReturnNotice } from '#web/features/billing/checkout-return-notice.tsx';
import { ManageBillingButton } from '#web/features/billing/manage-billing-button.tsx';
import { BulkImportButton } from '#web/features/bulk-import/bulk-import-button.tsx';
import { DocumentDownloads } from '#web/features/documents/document-downloads.tsx';
import { SavedPropertyExportButtons } from '#web/features/integrations/saved-property-export-buttons.tsx';
import { sheetsSettingsQuery } from '#web/features/integrations/sheets-settings-api.ts';
import { PhotosDisclosure } from '#web/features/photos/photos-section.tsx';
import type { SavedPageSlots } from '#web/features/saved/saved-page-slots.ts';
import { SavedPage } from '#web/features/saved/saved-page.tsx';
import { savedPropertiesQuery, type SavedProperty } from '#web/features/saved/saved-properties-api.ts';
import { ShareOfferButton } from '#web/features/share-offer/share-offer-button.tsx';

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

/** A saved property's photos, opened on demand; a role that works deals adds and deletes them. */
function PropertyPhotos({ property }: { property: SavedProperty }) {
  const mayChange = useMay()('work-deals');
  return (
    <PhotosDisclosure target={{ savedPropertyId: property.id }} address={property.address} mayChange={mayChange} />
  );
}

/**
 * "Import a list" on the saved list (issue 42 §6), with the default formula; opened at once when the
 * navigation's Bulk Import link brought the user here (`?import=list`, then taken off the address).
 */
function ImportList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(IMPORT_PARAM) === 'list';
  const forgetAsked = useCallback(
    () =>
      setSearchParams(
        (params) => {
          params.delete(IMPORT_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return (
    <BulkImportButton template={defaultTemplate} label="Import a list" openAtStart={asked} onOpened={forgetAsked} />
  );
}

const slots: SavedPageSlots = {
  ImportList,
  ManageBilling: ManageBillingButton,
  CheckoutReturnNotice,
  PropertyExports: PropertyActions,
  PropertyArv,
  PropertyPhotos,
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
