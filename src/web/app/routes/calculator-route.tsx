import { lazy } from 'react';
import { useLocation } from 'react-router';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import type { PageDataLoader } from '#web/api/page-data-loader.ts';
import { sessionQuery, useSession } from '#web/api/use-session.ts';
import { subscriptionQuery } from '#web/api/use-subscription.ts';
import { workspaceQuery } from '#web/api/use-workspace.ts';
import { BulkImportButton } from '#web/features/bulk-import/bulk-import-button.tsx';
import { keepCalculationDraft } from '#web/features/calculator/calculation-draft.ts';
import { CalculatorPage } from '#web/features/calculator/calculator-page.tsx';
import type { CalculatorSlots } from '#web/features/calculator/calculator-slots.ts';
import type { OpenedDeal } from '#web/features/calculator/opened-deal.ts';
import { calculatorReferenceDataQuery } from '#web/features/calculator/use-calculator-reference-data.ts';
import type { UserType } from '#web/features/calculator/user-type.ts';
import { useOpenedDeal } from './opened-deal-query';

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
function OfferActions({
  offer,
  userType,
  opened,
}: {
  offer: CalculatedOffer;
  userType: UserType;
  opened?: OpenedDeal | null;
}) {
  if (userType === 'wholesaler') return <WholesalerOfferActions offer={offer} opened={opened} />;
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

/**
 * The calculator at '/', with what other features add to it: the offer's actions and Bulk Import.
 * Accounts are wholesalers': signed in, it opens in Wholesaler mode unless the navigation says otherwise,
 * and with the saved property or lead its address names.
 */
export function CalculatorRoute() {
  const { user } = useSession();
  // A saved analysis (?saved={id}) or a lead's property (?lead={id}) opens here too (issue 42 §4).
  const opened = useOpenedDeal(useLocation().search);
  return <CalculatorPage slots={slots} defaultUserType={user ? 'wholesaler' : 'homeowner'} opened={opened} />;
}

/**
 * What the server draws the calculator with: its templates and repairs, and the session, so that a
 * signed-in wholesaler's '/' is drawn in Wholesaler mode with their navigation and tools (the plan
 * and the workspace decide Bulk Import) from the first paint, not switched after hydration.
 */
export const loadCalculatorPageData: PageDataLoader = async ({ queryClient, client, fetchApi }) => {
  const [user] = await Promise.all([
    queryClient.fetchQuery(sessionQuery(fetchApi)).catch(() => null),
    queryClient.prefetchQuery(calculatorReferenceDataQuery(client)),
  ]);
  if (user) {
    await Promise.all([
      queryClient.prefetchQuery(subscriptionQuery(client)),
      queryClient.prefetchQuery(workspaceQuery(user.id, client)),
    ]);
  }
  return { status: 200 };
};
