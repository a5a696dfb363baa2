import { and, eq, gt, inArray } from 'drizzle-orm';
import {
  DEAL_LINK_VALID_DAYS,
  dealPageMessages,
  FIRST_LOOK_HOURS,
  sendDealRefusals,
  type SendDealRefusalReason,
  type SendDealRequest,
} from '#domain/deals/buyer-listing.ts';
import { dealEmail, dealPageUrl } from '#domain/deals/deal-email.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { buyerTrackRecords } from '../buyers/buyer-track-record';
import type { Transaction } from '../db/database';
import { buyers, dealLinks, dealTerms } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { lockContractedLead } from '../dispositions/contracted-deal';
import { sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import { sendingRefusalOf } from '../email/sending-refusal';
import { Refusal } from '../http/refusal';
import { createOfferToken } from '../offer-links/offer-link-token';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface SentDeal {
  buyerId: string;
  name: string;
  /** When the e-mail goes: now for a proven buyer, after the proven buyers' first look for the rest. */
  sendAt: string;
  firstLook: boolean;
}

export interface RefusedDeal {
  buyerId: string;
  name: string;
  reason: SendDealRefusalReason;
  message: string;
}

/** The chosen buyers of the workspace with a proven closing (buyerTrackRecords): a deal of it sold to them. */
async function provenBuyerIds(tx: Transaction, workspaceId: string, buyerIds: string[]) {
  const record = buyerTrackRecords(tx, workspaceId);
  const rows = await tx
    .select({ buyerId: record.buyerId })
    .from(record)
    .where(and(gt(record.closings, 0), inArray(record.buyerId, buyerIds)));
  return new Set(rows.map((row) => row.buyerId));
}

/**
 * "Send deal" (issue 39 §5): e-mails each chosen buyer of the workspace their own link to the
 * lead's deal page, through the one sending policy and the durable queue. The lead is locked for
 * the whole send, so two sends of one deal (a retry, a second process) take turns, and each buyer
 * is sent the deal once: their link (one per buyer and deal) records when it was queued, and a
 * second send finds it. Proven buyers' e-mails go now and open a first look: the others' wait
 * until FIRST_LOOK_HOURS after the deal's first e-mail to a proven buyer (at once when none was sent it).
 * Refused, with the reason, per buyer: no e-mail, opted out, already sent, or the sending policy's
 * refusal (unsubscribed, daily quota), each in its own savepoint so the rest still go.
 * 404 for a lead or a buyer of another workspace (nothing sent), 409 before Under Contract.
 */
export async function sendDeal(
  context: AppContext,
  member: WorkspaceMember,
  { leadId, buyerIds }: SendDealRequest,
  now = new Date(),
): Promise<{ sent: SentDeal[]; refused: RefusedDeal[] }> {
  const { env, database } = context;
  return database.db.transaction(async (tx) => {
    const lead = await lockContractedLead(tx, member, leadId, dealPageMessages.notUnderContract);
    const chosen = await tx
      .select()
      .from(buyers)
      .where(and(inWorkspace(buyers, member), inArray(buyers.id, buyerIds)));
    if (chosen.length !== buyerIds.length) {
      throw new Refusal(404, dealPageMessages.buyerNotFound, { code: 'not-found' });
    }
    const [terms] = await tx
      .select({ askingPrice: dealTerms.askingPrice })
      .from(dealTerms)
      .where(and(eq(dealTerms.leadId, lead.id), inWorkspace(dealTerms, member)));
    // Every link of the deal: a proven buyer sent it earlier opened the first look then.
    const links = await tx
      .select()
      .from(dealLinks)
      .where(and(inWorkspace(dealLinks, member), eq(dealLinks.leadId, lead.id)));
    const linkOf = new Map(links.map((link) => [link.buyerId, link]));
    const proven = await provenBuyerIds(tx, member.workspaceId, [
      ...new Set([...buyerIds, ...links.map((link) => link.buyerId)]),
    ]);
    const mayBeSent = (buyer: (typeof chosen)[number]) =>
      !linkOf.get(buyer.id)?.sentAt && !buyer.optedOutAt && buyer.email !== null;
    const firstLookStarts = [
      ...links.filter((link) => link.sentAt && proven.has(link.buyerId)).map((link) => link.sentAt!.getTime()),
      ...(chosen.some((buyer) => proven.has(buyer.id) && mayBeSent(buyer)) ? [now.getTime()] : []),
    ];
    // The others wait until the proven buyers' first look is over; with no proven buyer sent the
    // deal, there is no first look to wait for.
    const firstLookEnds = firstLookStarts.length > 0 ? Math.min(...firstLookStarts) + FIRST_LOOK_HOURS * HOUR_MS : 0;
    const later = new Date(Math.max(now.getTime(), firstLookEnds));

    const sent: SentDeal[] = [];
    const refused: RefusedDeal[] = [];
    const refuse = (buyer: (typeof chosen)[number], reason: keyof typeof sendDealRefusals) =>
      refused.push({
        buyerId: buyer.id,
        name: buyer.name,
        reason,
        message: `${buyer.name} ${sendDealRefusals[reason]}`,
      });

    for (const buyer of [...chosen].sort((a, b) => a.name.localeCompare(b.name))) {
      const existing = linkOf.get(buyer.id);
      if (existing?.sentAt) refuse(buyer, 'already-sent');
      else if (buyer.optedOutAt) refuse(buyer, 'opted-out');
      else if (!buyer.email) refuse(buyer, 'no-email');
      else {
        const to = buyer.email;
        const firstLook = proven.has(buyer.id);
        const sendAt = firstLook ? now : later;
        try {
          await tx.transaction(async (savepoint) => {
            // A fresh token: only its hash is kept, so a link made before (its e-mail refused) is
            // given a new one; nobody was ever sent the old.
            const { token, tokenHash } = createOfferToken();
            const values = {
              tokenHash,
              expiresAt: new Date(now.getTime() + DEAL_LINK_VALID_DAYS * DAY_MS),
              sendAfter: sendAt,
              sentAt: now,
              createdByUserId: member.userId,
            };
            if (existing) {
              await savepoint.update(dealLinks).set(values).where(eq(dealLinks.id, existing.id));
            } else {
              await savepoint
                .insert(dealLinks)
                .values({ workspaceId: member.workspaceId, leadId: lead.id, buyerId: buyer.id, ...values });
            }
            await sendToThirdParty(savepoint, sendingPolicyConfig(context), {
              workspaceId: member.workspaceId,
              senderUserId: member.userId,
              purpose: 'deal-to-buyer',
              to,
              typedText: [
                { field: 'address', label: 'The property address', text: lead.address },
                { field: 'name', label: "The buyer's name", text: buyer.name },
              ],
              sendAt,
              compose: (parts) =>
                dealEmail(
                  {
                    buyerName: buyer.name,
                    address: lead.address,
                    askingPrice: terms?.askingPrice ?? null,
                    url: dealPageUrl(env.APP_URL, token),
                    senderName: parts.sender.name,
                    firstLook,
                  },
                  parts,
                ),
            });
          });
          sent.push({ buyerId: buyer.id, name: buyer.name, sendAt: sendAt.toISOString(), firstLook });
        } catch (error) {
          const policy = sendingRefusalOf(error);
          // The sender may not e-mail anyone (unverified, no postal address): every buyer would be refused alike.
          if (!policy || policy.reason === 'sender-cannot-send') throw error;
          refused.push({ buyerId: buyer.id, name: buyer.name, reason: 'sending-policy', message: policy.message });
        }
      }
    }
    return { sent, refused };
  });
}
