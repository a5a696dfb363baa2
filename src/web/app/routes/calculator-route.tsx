import { lazy } from 'react';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import type { PageDataLoader } from '#web/api/page-data-loader.ts';
import { BulkImportButton } from '#web/features/bulk-import/bulk-import-button.tsx';
import { keepCalculationDraft } from '#web/features/calculator/calculation-draft.ts';
import { CalculatorPage } from '#web/features/calculator/calculator-page.tsx';
import type { CalculatorSlots } from '#web/features/calculator/calculator-slots.ts';
import { calculatorReferenceDataQuery } from '#web/features/calculator/use-calculator-reference-data.ts';
import type { UserType } from '#web/features/calculator/user-type.ts';

// What a visitor can do with an offer (forms, exports) loads with the first offer, keeping the
// calculator's first download small.
const loadHomeownerActions = () => import('#web/features/homeowner/homeowner-offer-actions.tsx');
const loadWholesalerActions = () => import('./wholesaler-offer-actions');
const HomeownerOfferActions = lazy(async () => ({ default: (await loadHomeownerActions()).HomeownerOfferActions }));
const WholesalerOfferActions = lazy(async () => ({ default: (await loadWholesalerActions()).WholesalerOfferActions }));

/**
 * A wholesaler saves and exports any offer; a homeowner negotiates or accepts only a workable one
 * (low >= 0), and finds the calculation as they left it on coming back from the lead form.
 */
function OfferActions({ offer, userType }: { offer: CalculatedOffer; userType: UserType }) {
  if (userType === 'wholesaler') return <WholesalerOfferActions offer={offer} />;
  if (!offerIsWorkable(offer.offerRange)) return null;
  return (
    <HomeownerOfferActions
      offer={offer}
      onLeave={() => keepCalculationDraft({ input: offer.input, userType: 'homeowner' })}
    />
  );
}

const slots: CalculatorSlots = {
  OfferActions,
  preloadOfferActions: (userType) => void (userType === 'homeowner' ? loadHomeownerActions() : loadWholesalerActions()),
  WholesalerTools: BulkImportButton,
  // The ARV panel (and the zod schemas it validates with) loads when a wholesaler opens the calculator.
  ArvComps: lazy(async () => ({ default: (await import('#web/features/arv/arv-comps-panel.tsx')).ArvCompsPanel })),
  MoreTemplates: lazy(async () => ({
    default: (await import('#web/features/custom-templates/custom-templates-section.tsx')).CustomTemplatesSection,
  })),
};

/** The calculator at '/', with what other features add to it: the offer's actions and Bulk Import. */
export function CalculatorRoute() {
  return <CalculatorPage slots={slots} />;
}

/** What the server draws the calculator with: its templates and repairs. */
export const loadCalculatorPageData: PageDataLoader = async ({ queryClient, client }) => {
  await queryClient.prefetchQuery(calculatorReferenceDataQuery(client));
  return { status: 200 };
};
