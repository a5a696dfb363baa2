import { useMayWorkLead } from '#web/api/use-workspace.ts';
import { RequireUser } from '#web/components/require-user.tsx';
import { MatchingBuyers } from '#web/features/buyers/matching-buyers.tsx';
import { DealDispositions } from '#web/features/dispositions/deal-dispositions.tsx';
import { AssignmentDocument } from '#web/features/documents/assignment-document.tsx';
import { LeadDetailPage } from '#web/features/leads/lead-detail-page.tsx';
import type { LeadDetailSlots } from '#web/features/leads/lead-detail-slots.ts';
import type { LeadDetail } from '#web/features/leads/leads-api.ts';
import { PhotosSection } from '#web/features/photos/photos-section.tsx';
import { LeadExportButtons } from './lead-export-buttons';

/** The lead's photos; a member who may work the lead adds and deletes them. */
function LeadPhotos({ lead }: { lead: LeadDetail['lead'] }) {
  const mayChange = useMayWorkLead(lead.status);
  return (
    <div className="card">
      <PhotosSection target={{ leadId: lead.id }} address={lead.address} mayChange={mayChange} />
    </div>
  );
}

const slots: LeadDetailSlots = {
  LeadExports: LeadExportButtons,
  MatchingBuyers,
  LeadPhotos,
  BuyerOffers: DealDispositions,
  AssignmentDocument,
};

/** /leads/{id}, for a signed-in user: one lead, with the integrations' export buttons and, under contract, its matching buyers, buyer offers and fee ledger. */
export function LeadRoute() {
  return (
    <RequireUser>
      <LeadDetailPage slots={slots} />
    </RequireUser>
  );
}
