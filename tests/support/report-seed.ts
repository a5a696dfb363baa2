// A workspace's month of work written straight into the database (issue 42 §5): sends, the owners
// they reached, leads with each step at a chosen time, meetings and deal terms. Tests compute the
// report's figures from the same description, independently of the server's SQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LeadSource } from '#domain/leads/lead-answered-kind.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import type { Database } from '#server/db/database.ts';
import {
  bulkSendItems,
  bulkSendJobs,
  dealTerms,
  leadEvents,
  leads,
  mailPieces,
  mailSends,
  mailShortCodes,
  offerLinks,
  organization,
  prospects,
  prospectTouches,
  tasks,
} from '#server/db/schema.ts';

export interface SeededSend {
  name: string;
  kind: 'email' | 'mail';
  /** Who sent it. */
  userId: string;
  at: Date;
  /** Owners reached: e-mailed, or on a piece that went out. */
  reached: number;
  /** Mail only: pieces Lob refused (never went out, never cost). */
  failedPieces?: number;
  /** Mail only: cents per piece. */
  pricePerPieceCents?: number;
}

export interface SeededLead {
  source: LeadSource;
  assigneeUserId: string | null;
  /** The send (by name) whose offer link it answered. */
  send?: string;
  createdAt: Date;
  callAt?: Date;
  statuses?: { to: LeadStatus; at: Date }[];
  revisedOfferAt?: Date;
  /** When an appointment (a meeting task) was set. */
  appointmentSetAt?: Date;
  contractDate?: string;
  closedOn?: string;
  fee?: number;
}

export interface ReportSeed {
  sends: SeededSend[];
  leads: SeededLead[];
}

const expiresAt = new Date('2030-01-01T00:00:00Z');

async function offerLink(db: Database, workspaceId: string, userId: string, source: 'bulk-email' | 'mail', extra = {}) {
  const [link] = await db
    .insert(offerLinks)
    .values({
      workspaceId,
      userId,
      tokenHash: randomUUID(),
      source,
      address: `${Math.floor(Math.random() * 9000) + 100} Report St, Austin, TX 78701`,
      marketValue: 200_000,
      offerLow: 120_000,
      offerHigh: 130_000,
      expiresAt,
      ...extra,
    })
    .returning({ id: offerLinks.id });
  return link!.id;
}

/**
 * Writes the seed into `workspaceId` (its creation moved back to `workspaceSince`, so its seats
 * count from then). Each send's first owners are the ones its leads answered from.
 */
export async function seedReport(db: Database, workspaceId: string, seed: ReportSeed, workspaceSince: Date) {
  await db.update(organization).set({ createdAt: workspaceSince }).where(eq(organization.id, workspaceId));
  const linksBySend = new Map<string, string[]>();
  for (const send of seed.sends) {
    const links: string[] = [];
    linksBySend.set(send.name, links);
    if (send.kind === 'email') {
      const [job] = await db
        .insert(bulkSendJobs)
        .values({ workspaceId, userId: send.userId, status: 'done', total: send.reached, createdAt: send.at })
        .returning({ id: bulkSendJobs.id });
      for (let position = 0; position < send.reached; position++) {
        const [prospect] = await db
          .insert(prospects)
          .values({ workspaceId, key: randomUUID(), name: `Owner ${position}`, address: `${position} Report St` })
          .returning({ id: prospects.id });
        const [item] = await db
          .insert(bulkSendItems)
          .values({
            jobId: job!.id,
            position,
            email: `owner${position}@example.com`,
            property: {} as never,
            status: 'queued',
            prospectId: prospect!.id,
          })
          .returning({ id: bulkSendItems.id });
        await db.insert(prospectTouches).values({
          workspaceId,
          prospectId: prospect!.id,
          kind: 'e-mailed',
          at: send.at,
          sendJobId: job!.id,
        });
        // A second e-mail (a follow-up) reaches the same owner: still one owner reached.
        if (position === 0)
          await db.insert(prospectTouches).values({
            workspaceId,
            prospectId: prospect!.id,
            kind: 'e-mailed',
            at: send.at,
            sendJobId: job!.id,
          });
        links.push(await offerLink(db, workspaceId, send.userId, 'bulk-email', { bulkSendItemId: item!.id }));
      }
    } else {
      const total = send.reached + (send.failedPieces ?? 0);
      const [mailSend] = await db
        .insert(mailSends)
        .values({
          workspaceId,
          userId: send.userId,
          format: 'letter',
          pieces: total,
          channel: 'lob',
          pricePerPieceCents: send.pricePerPieceCents ?? 83,
          confirmedAt: send.at,
          createdAt: send.at,
        })
        .returning({ id: mailSends.id });
      for (let position = 0; position < total; position++) {
        const address = { street: `${position} Mail Rd`, city: 'Austin', state: 'TX', zip: '78701' };
        const [prospect] = await db
          .insert(prospects)
          .values({ workspaceId, key: randomUUID(), name: `Mailed owner ${position}`, address: address.street })
          .returning({ id: prospects.id });
        const [piece] = await db
          .insert(mailPieces)
          .values({
            workspaceId,
            sendId: mailSend!.id,
            position,
            ownerName: `Mailed owner ${position}`,
            mailingAddress: address,
            mailingAddressKey: `${position}-mail-rd-78701`,
            format: 'letter',
            status: position < send.reached ? (position % 2 === 0 ? 'delivered' : 'mailed') : 'failed',
            createdAt: send.at,
          })
          .returning({ id: mailPieces.id });
        const link = await offerLink(db, workspaceId, send.userId, 'mail');
        await db.insert(mailShortCodes).values({
          workspaceId,
          codeDigest: randomUUID(),
          sealed: 'sealed',
          pieceId: piece!.id,
          position: 0,
          offerLinkId: link,
          prospectId: prospect!.id,
        });
        links.push(link);
      }
    }
  }

  const used = new Map<string, number>();
  for (const lead of seed.leads) {
    let offerLinkId: string | null = null;
    if (lead.send) {
      const index = used.get(lead.send) ?? 0;
      used.set(lead.send, index + 1);
      offerLinkId = linksBySend.get(lead.send)![index]!;
    }
    const finalStatus = lead.statuses?.at(-1)?.to ?? 'new';
    const [row] = await db
      .insert(leads)
      .values({
        workspaceId,
        address: `${randomUUID().slice(0, 6)} Lead Ave, Austin, TX`,
        source: lead.source,
        status: finalStatus,
        responseKind: 'accepted',
        offerLinkId,
        contactKey: randomUUID(),
        assigneeUserId: lead.assigneeUserId,
        createdAt: lead.createdAt,
        respondedAt: lead.createdAt,
      })
      .returning({ id: leads.id });
    const leadId = row!.id;
    if (lead.callAt) await db.insert(leadEvents).values({ leadId, kind: 'call', text: 'Call', createdAt: lead.callAt });
    let from: LeadStatus = 'new';
    for (const change of lead.statuses ?? []) {
      await db
        .insert(leadEvents)
        .values({ leadId, kind: 'status', fromStatus: from, toStatus: change.to, createdAt: change.at });
      from = change.to;
    }
    if (lead.revisedOfferAt)
      await db.insert(leadEvents).values({ leadId, kind: 'revised-offer', createdAt: lead.revisedOfferAt });
    if (lead.appointmentSetAt)
      await db.insert(tasks).values({
        workspaceId,
        kind: 'meeting',
        dueAt: new Date(lead.appointmentSetAt.getTime() + 86_400_000),
        assigneeUserId: lead.assigneeUserId ?? (seed.sends[0]?.userId as string),
        leadId,
        createdAt: lead.appointmentSetAt,
      });
    if (lead.contractDate || lead.closedOn || lead.fee !== undefined)
      await db.insert(dealTerms).values({
        leadId,
        workspaceId,
        contractDate: lead.contractDate,
        closedOn: lead.closedOn,
        amountReceived: lead.fee,
      });
  }
}
