import { signedInPageData } from '../../api/page-data-loader';
import { workspaceQuery } from '../../api/use-workspace';
import { RequireUser } from '../../components/require-user';
import { leadsInboxQuery } from '../../features/leads/leads-api';
import { readLeadsFilter } from '../../features/leads/leads-filter-params';
import { LeadsPage } from '../../features/leads/leads-page';
import type { LeadsPageSlots } from '../../features/leads/leads-page-slots';
import { PersonalPageSummary } from '../../features/profile/personal-page-summary';
import { profileQuery } from '../../features/profile/profile-api';

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
]);
