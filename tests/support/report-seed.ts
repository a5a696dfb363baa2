// A workspace's month of work written straight into the database (issue 42 §5): sends, the owners
// they reached, leads with each step at a chosen time, meetings and deal terms. Tests compute the
// report's figures from the same description, independently of the server's SQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LeadSource } from '#domain/leads/lead-answered-kind.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import { emptyCounts, REPORT_STEPS, type ReportCounts, type ReportStep } from '#domain/reports/report-figures.ts';
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

// --- The figures as a test computes them from the seed, by the definitions the page states (not the server's SQL) ---

const first = (...times: (Date | undefined)[]) =>
  times.filter((time): time is Date => time !== undefined).sort((a, b) => a.getTime() - b.getTime())[0];
const statusAt = (lead: SeededLead, statuses: LeadStatus[]) =>
  first(...(lead.statuses ?? []).filter((change) => statuses.includes(change.to)).map((change) => change.at));
const midnight = (date: string | undefined) => (date ? new Date(`${date}T00:00:00.000Z`) : undefined);

function stepsOf(lead: SeededLead): Record<'lead' | ReportStep, Date | undefined> {
  return {
    lead: lead.createdAt,
    contacted: first(lead.callAt, statusAt(lead, ['contacted', 'negotiating', 'under-contract', 'closed'])),
    appointment: lead.appointmentSetAt,
    offer: first(lead.revisedOfferAt, statusAt(lead, ['negotiating', 'under-contract', 'closed'])),
    contract: midnight(lead.contractDate) ?? statusAt(lead, ['under-contract', 'closed']),
    closed: midnight(lead.closedOn) ?? statusAt(lead, ['closed']),
  };
}

const stepCounts: Record<ReportStep, Exclude<keyof ReportCounts, 'days'>> = {
  contacted: 'contacted',
  appointment: 'appointments',
  offer: 'offers',
  contract: 'contracts',
  closed: 'closed',
};

/** Counts over the leads and sends chosen, each step counted in [from, to). */
export function expectedReportCounts(
  seed: ReportSeed,
  { from, to }: { from: Date; to: Date },
  leadFilter: (lead: SeededLead) => boolean,
  sendFilter: (send: ReportSeed['sends'][number]) => boolean,
  extraCostCents = 0,
): ReportCounts {
  const within = (at: Date | undefined): at is Date => at !== undefined && at >= from && at < to;
  const counts = emptyCounts();
  const days: Record<ReportStep, number[]> = { contacted: [], appointment: [], offer: [], contract: [], closed: [] };
  for (const lead of seed.leads.filter(leadFilter)) {
    const steps = stepsOf(lead);
    if (within(steps.lead)) counts.leads++;
    let previous = steps.lead!;
    for (const step of REPORT_STEPS) {
      const at = steps[step];
      if (at === undefined) continue;
      if (within(at)) {
        counts[stepCounts[step]]++;
        days[step].push(Math.max(0, (at.getTime() - previous.getTime()) / 86_400_000));
        if (step === 'closed') counts.fees += lead.fee ?? 0;
      }
      previous = at;
    }
  }
  for (const send of seed.sends.filter(sendFilter)) {
    if (!within(send.at)) continue;
    counts.reached += send.reached;
    if (send.kind === 'mail') counts.costCents += send.reached * (send.pricePerPieceCents ?? 83);
  }
  counts.costCents += extraCostCents;
  for (const step of REPORT_STEPS) {
    const list = days[step];
    counts.days[step] =
      list.length === 0 ? null : Math.round((list.reduce((sum, value) => sum + value, 0) / list.length) * 10) / 10;
  }
  return counts;
}

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

/** The seed: two sends in September and one in August, seven leads across both months. */
export function septemberReportSeed(ownerId: string, repId: string): ReportSeed {
  return {
    sends: [
      { name: 'email-sept', kind: 'email', userId: ownerId, at: day('2026-09-02'), reached: 6 },
      {
        name: 'mail-sept',
        kind: 'mail',
        userId: repId,
        at: day('2026-09-05'),
        reached: 4,
        failedPieces: 2,
        pricePerPieceCents: 100,
      },
      { name: 'email-aug', kind: 'email', userId: ownerId, at: day('2026-08-10'), reached: 3 },
    ],
    leads: [
      {
        source: 'bulk-email',
        assigneeUserId: ownerId,
        send: 'email-sept',
        createdAt: day('2026-09-03'),
        callAt: day('2026-09-04'),
        appointmentSetAt: day('2026-09-05'),
        revisedOfferAt: day('2026-09-06'),
        statuses: [
          { to: 'contacted', at: day('2026-09-04') },
          { to: 'negotiating', at: day('2026-09-06') },
          { to: 'under-contract', at: day('2026-09-10') },
          { to: 'closed', at: day('2026-09-25') },
        ],
        contractDate: '2026-09-09',
        closedOn: '2026-09-25',
        fee: 12_000,
      },
      {
        source: 'bulk-email',
        assigneeUserId: repId,
        send: 'email-sept',
        createdAt: day('2026-09-03'),
        callAt: day('2026-09-08'),
      },
      {
        source: 'mail',
        assigneeUserId: repId,
        send: 'mail-sept',
        createdAt: day('2026-09-07'),
        statuses: [
          { to: 'contacted', at: day('2026-09-08') },
          { to: 'negotiating', at: day('2026-09-12') },
          { to: 'under-contract', at: day('2026-09-20') },
        ],
        contractDate: '2026-09-20',
      },
      { source: 'mail', assigneeUserId: repId, send: 'mail-sept', createdAt: day('2026-09-09') },
      {
        source: 'personal-page',
        assigneeUserId: ownerId,
        createdAt: day('2026-08-20'),
        callAt: day('2026-09-02'),
        contractDate: '2026-09-28',
        closedOn: '2026-10-03',
        fee: 8_000,
      },
      {
        source: 'shared-link',
        assigneeUserId: null,
        createdAt: day('2026-09-15'),
        statuses: [{ to: 'dead', at: day('2026-09-16') }],
      },
      {
        source: 'bulk-email',
        assigneeUserId: ownerId,
        send: 'email-aug',
        createdAt: day('2026-08-12'),
        statuses: [{ to: 'contacted', at: day('2026-08-13') }],
      },
    ],
  };
}
