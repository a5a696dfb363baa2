import { signedInPageData } from '#web/api/page-data-loader.ts';
import { subscriptionQuery } from '#web/api/use-subscription.ts';
import { workspaceQuery } from '#web/api/use-workspace.ts';
import { RequireUser } from '#web/components/require-user.tsx';
import { leadsInboxQuery } from '#web/features/leads/leads-api.ts';
import { readLeadsFilter } from '#web/features/leads/leads-filter-params.ts';
import type { LeadsPageSlots } from '#web/features/leads/leads-page-slots.ts';
import { LeadsPage } from '#web/features/leads/leads-page.tsx';
import { PersonalPageSummary } from '#web/features/profile/personal-page-summary.tsx';
import { profileQuery } from '#web/features/profile/profile-api.ts';

const slots: LeadsPageSlots = { PersonalPageSummary };

/** /leads, for a signed-in user: the inbox, with the personal page's link from the profile above it. */
export function LeadsRoute() {
  return (
    <RequireUser>
      <LeadsPage slots={slots} />
    </RequireUser>
  );
}

/** What the server draws /leads with, besides the session: the inbox for the address bar's filter, the profile, the workspace. */
export const loadLeadsPageData = signedInPageData(({ queryClient, client, url }, user) => [
  queryClient.prefetchInfiniteQuery(leadsInboxQuery(user.id, readLeadsFilter(url.searchParams), client)),
  queryClient.prefetchQuery(profileQuery(user.id, client)),
  queryClient.prefetchQuery(workspaceQuery(user.id, client)),
  // The navigation's Pro pages (Prospects, Bulk Import) are drawn with the page, not added after it.
  queryClient.prefetchQuery(subscriptionQuery(client)),
]);
