import { RequireUser } from '../../components/require-user';
import { LeadDetailPage } from '../../features/leads/lead-detail-page';
import type { LeadDetailSlots } from '../../features/leads/lead-detail-slots';
import { LeadExportButtons } from './lead-export-buttons';

const slots: LeadDetailSlots = { LeadExports: LeadExportButtons };

/** /leads/{id}, for a signed-in user: one lead, with the integrations' export buttons. */
export function LeadRoute() {
  return (
    <RequireUser>
      <LeadDetailPage slots={slots} />
    </RequireUser>
  );
}
