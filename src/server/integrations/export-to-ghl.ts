import { eq } from 'drizzle-orm';
import { buildCrmPayload } from '#domain/integrations/build-crm-payload.ts';
import { buildGhlDealNote } from '#domain/integrations/build-ghl-deal-note.ts';
import type { CrmExportRequest } from '#domain/integrations/export-request-schema.ts';
import { ghlDealStage, type GhlDealPhase } from '#domain/integrations/ghl-deal-stage.ts';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { leads, user } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { readDealLedger } from '../deals/read-deal-ledger';
import { resolveDeal, type DealReader } from '../deals/resolve-deal';
import { postAutomationWebhook } from '../http/outbound/post-automation-webhook';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { addGhlNote, addGhlTags, listGhlPipelines, upsertGhlContact, upsertGhlOpportunity } from './ghl-client';
import { readGhlOpportunityStage, requireGhlSettings } from './ghl-settings-store';
import { recordLeadExport } from './record-lead-export';
import type { SettingsCipher } from './settings-cipher';

/**
 * CRM export (spec §4, issue 14): only with the workspace's stored GoHighLevel key (409 otherwise).
 * The CRM payload (contact and deal, spec §3) goes to the CRM automation webhook first when
 * CRM_WEBHOOK_URL is set, and its failure stops the export so nothing reaches the CRM. Then, in
 * GoHighLevel: the contact is created or updated (upsert by e-mail or phone), the export's tags
 * are added to the ones it has, the deal's note
 * (figures and receipt, and for a lead the member it is assigned to) is added to it, and, when the workspace chose a pipeline stage, the contact's
 * opportunity there is created or updated with the high offer as its value; a lead's deal under
 * contract or sold moves to that pipeline's stage named for it (ghlDealStage; sold: won), worth
 * its fee once the fee ledger knows it (issue 39 §7). A failure of any
 * step is a 502 quoting it; exporting again repeats the steps without duplicating the contact or
 * the opportunity. A lead's export, once GoHighLevel took it, goes on the lead's history with the
 * member who exported it (issue 26 §5); nothing else is stored.
 */
export async function exportToGhl(
  { env, database }: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  member: DealReader,
  request: CrmExportRequest,
  now = new Date(),
) {
  const settings = await requireGhlSettings(database.db, cipher, member.workspaceId);
  const deal = await resolveDeal(database.db, member, request.source);
  const assignee =
    request.source.kind === 'lead'
      ? await leadAssigneeName(database.db, member.workspaceId, request.source.leadId)
      : null;
  const payload = buildCrmPayload({ contact: request.contact, deal, now });
  const stage = await readGhlOpportunityStage(database.db, member.workspaceId, settings.locationId);
  const progress =
    request.source.kind === 'lead'
      ? await leadDealProgress(database.db, member.workspaceId, request.source.leadId)
      : { phase: 'offer' as const, fee: null };
  const credentials = { apiUrl: env.GHL_API_URL, apiKey: settings.apiKey, locationId: settings.locationId };

  const exported = await refuseWhenUpstreamFails(
    'GoHighLevel export',
    (error) => `${integrationMessages.ghlExportFailed}: ${error.message}`,
    async () => {
      if (env.CRM_WEBHOOK_URL) await postAutomationWebhook('The CRM webhook', env.CRM_WEBHOOK_URL, payload);
      const contact = await upsertGhlContact(credentials, payload);
      // Added, not upserted: an upsert's tags would replace the ones the wholesaler gave the contact.
      await addGhlTags(credentials, contact.contactId, payload.tags);
      const { noteId } = await addGhlNote(credentials, contact.contactId, buildGhlDealNote(deal, now, { assignee }));
      // A deal past the offer moves to its phase's stage of the chosen pipeline, worth its fee once known.
      const pipeline =
        stage && progress.phase !== 'offer'
          ? (await listGhlPipelines(credentials)).find((candidate) => candidate.id === stage.pipelineId)
          : undefined;
      const opportunity = stage
        ? await upsertGhlOpportunity(credentials, {
            ...ghlDealStage(stage, pipeline, progress.phase),
            contactId: contact.contactId,
            name: `Cash offer: ${deal.address}`,
            monetaryValue: progress.fee ?? deal.offerRange.high,
          })
        : null;
      return { ...contact, noteId, opportunity };
    },
  );
  if (request.source.kind === 'lead') {
    await recordLeadExport(database.db, member, request.source.leadId, 'ghl', deal.offerRange);
  }
  return {
    contactId: exported.contactId,
    contactCreated: exported.created,
    noteId: exported.noteId,
    opportunity: exported.opportunity && {
      id: exported.opportunity.opportunityId,
      created: exported.opportunity.created,
    },
    webhook: env.CRM_WEBHOOK_URL ? ('sent' as const) : ('not configured' as const),
  };
}

/** The name of the member a lead of the workspace is assigned to (their e-mail when they gave no name); null when nobody is. */
async function leadAssigneeName(db: Database, workspaceId: string, leadId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: user.name, email: user.email })
    .from(leads)
    .innerJoin(user, eq(user.id, leads.assigneeUserId))
    .where(ownedRow(leads, leadId, workspaceId));
  return row ? row.name.trim() || row.email : null;
}

/**
 * How far a lead's deal went (its status, and a sale recorded on its deal) and its fee once the
 * fee ledger knows it (a recorded sale's, or the primary buyer's offer's); the lead was found by resolveDeal.
 */
async function leadDealProgress(
  db: Database,
  workspaceId: string,
  leadId: string,
): Promise<{ phase: GhlDealPhase; fee: number | null }> {
  const [lead] = await db
    .select({ status: leads.status })
    .from(leads)
    .where(ownedRow(leads, leadId, workspaceId));
  const { ledger, sale } = await readDealLedger(db, workspaceId, leadId);
  const phase: GhlDealPhase =
    sale !== null || lead?.status === 'closed'
      ? 'sold'
      : lead?.status === 'under-contract'
        ? 'under-contract'
        : 'offer';
  return { phase, fee: phase === 'offer' ? null : ledger.fee };
}
