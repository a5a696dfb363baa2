import { useQueryClient } from '@tanstack/react-query';
import type { ExportTarget } from '#web/features/integrations/export-target.ts';
import { ExportToGhlButton } from '#web/features/integrations/export-to-ghl-button.tsx';
import { ExportToSheetsButton } from '#web/features/integrations/export-to-sheets-button.tsx';
import { leadsKey, type LeadDetail } from '#web/features/leads/leads-api.ts';

/** A lead of the inbox as an export's source (the server reads the lead, scoped to the user) and its summary figures. */
export function exportTargetFromLead(lead: LeadDetail['lead']): ExportTarget | null {
  if (!lead.offerRange || lead.marketValue === null) return null;
  return {
    source: { kind: 'lead', leadId: lead.id },
    summary: {
      address: lead.address,
      marketValue: lead.marketValue,
      totalRepairCost: lead.totalRepairCost,
      offerRange: lead.offerRange,
    },
  };
}

/**
 * A lead's Export to Sheets and Export to GoHighLevel, with the existing export dialogs; an export
 * then shows in the lead's history at once (the server writes it there, naming who exported).
 */
export function LeadExportButtons({ lead }: { lead: LeadDetail['lead'] }) {
  const target = exportTargetFromLead(lead);
  const queryClient = useQueryClient();
  const onExported = () => void queryClient.invalidateQueries({ queryKey: leadsKey });
  return (
    <>
      <ExportToSheetsButton target={target} onExported={onExported} />
      <ExportToGhlButton target={target} onExported={onExported} />
    </>
  );
}
