import { RequireUser } from '../../components/require-user';
import { LeadsPage } from '../../features/leads/leads-page';
import type { LeadsPageSlots } from '../../features/leads/leads-page-slots';
import { PersonalPageSummary } from '../../features/profile/personal-page-summary';

const slots: LeadsPageSlots = { PersonalPageSummary };

/** /leads, for a signed-in user: the inbox, with the personal page's link from the profile above it. */
export function LeadsRoute() {
  return (
    <RequireUser>
      <LeadsPage slots={slots} />
    </RequireUser>
  );
}
