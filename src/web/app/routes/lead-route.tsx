import { RequireUser } from '#web/components/require-user.tsx';
import { MatchingBuyers } from '#web/features/buyers/matching-buyers.tsx';
import { LeadDetailPage } from '#web/features/leads/lead-detail-page.tsx';
import type { LeadDetailSlots } from '#web/features/leads/lead-detail-slots.ts';
import { LeadExportButtons } from './lead-export-buttons';

const slots: LeadDetailSlots = { LeadExports: LeadExportButtons, MatchingBuyers };

/** /leads/{id}, for a signed-in user: one lead, with the integrations' export buttons and, under contract, its matching buyers. */
export function LeadRoute() {
  return (
    <RequireUser>
      <LeadDetailPage slots={slots} />
    </RequireUser>
  );
}
