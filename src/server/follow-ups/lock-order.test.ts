// Decision 044: a lead is locked before its follow-up sequences, on every path. A member moving
// leads along while the worker takes their due steps, or while the same sequences are paused,
// once took the two locks in opposite orders and deadlocked (40P01). Only PostgreSQL runs these
// at once: the embedded database has one connection.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendJson as send } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { followUps, leadEvents, leads, offerLinks } from '../db/schema';
import { sendingPolicyConfig } from '../email/send-to-third-party';
import { enrolFollowUp } from './enrol-follow-up';
import { runDueFollowUps } from './run-due-follow-ups';

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUNDS = 6;
const LEADS_PER_ROUND = 12;

describeEachDatabase('a lead before its follow-ups (decision 044)', (database, kind) => {
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    context = createTestContext(database(), { TRUST_PROXY: '1' });
    app = createApp(context);
  });
  afterAll(() => context.changeFeed.close());

  const db = () => database().db;

  /**
   * A new Owner with `count` New leads, each with a first offer's sequence started 30 days ago
   * (its next step long due) and answered since, so the worker's next batch stops each one.
   */
  async function ownerWithDueSequences(count: number) {
    const owner = await signUpTestUser(app);
    const workspaceId = owner.user.id;
    const startedAt = new Date(Date.now() - 30 * DAY_MS);
    const rows = [];
    for (let n = 0; n < count; n++) {
      const address = `${n} Oak St, Austin, TX 78701`;
      const email = `owner-${randomUUID().slice(0, 8)}@example.net`;
      const [link] = await db()
        .insert(offerLinks)
        .values({
          workspaceId,
          userId: owner.user.id,
          tokenHash: randomUUID(),
          source: 'shared-link',
          address,
          marketValue: 200000,
          offerLow: 110000,
          offerHigh: 125000,
          expiresAt: new Date(Date.now() + 30 * DAY_MS),
        })
        .returning();
      const [lead] = await db()
        .insert(leads)
        .values({
          workspaceId,
          assigneeUserId: owner.user.id,
          offerLinkId: link!.id,
          source: 'shared-link',
          address,
          name: `Owner ${n}`,
          email,
          responseKind: 'countered',
          respondedAt: new Date(),
        })
        .returning();
      const followUp = await db().transaction((tx) =>
        enrolFollowUp(tx, {
          workspaceId,
          senderUserId: owner.user.id,
          offerLink: { id: link!.id, url: `http://localhost:3000/offer/${n}`, address },
          leadId: lead!.id,
          recipient: { email, name: `Owner ${n}` },
          senderPostalAddress: '1 Main St, Austin, TX 78701',
          startedAt,
          whenActive: 'refuse',
        }),
      );
      rows.push({ leadId: lead!.id, followUpId: followUp!.id });
    }
    return { owner, rows };
  }

  const moveToContacted = (headers: Record<string, string>, leadId: string) =>
    send(app, 'PATCH', `/api/leads-inbox/${leadId}`, headers, { status: 'contacted' });

  /** Each lead is Contacted, and each sequence stopped once, with one stop on its lead's history. */
  async function expectEachStoppedOnce(rows: { leadId: string; followUpId: string }[]) {
    const leadIds = rows.map((row) => row.leadId);
    const moved = await db().select({ status: leads.status }).from(leads).where(inArray(leads.id, leadIds));
    expect(moved.map((lead) => lead.status)).toEqual(leadIds.map(() => 'contacted'));
    const sequences = await db()
      .select({ status: followUps.status })
      .from(followUps)
      .where(
        inArray(
          followUps.id,
          rows.map((row) => row.followUpId),
        ),
      );
    expect(sequences.map((sequence) => sequence.status)).toEqual(rows.map(() => 'stopped'));
    const stops = await db()
      .select({ leadId: leadEvents.leadId, text: leadEvents.text })
      .from(leadEvents)
      .where(and(inArray(leadEvents.leadId, leadIds), eq(leadEvents.kind, 'follow-up')));
    const stopped = stops.filter((event) => event.text.startsWith('Follow-ups stopped'));
    expect(stopped.map((event) => event.leadId).sort()).toEqual([...leadIds].sort());
  }

  /** What settled as a failure, with PostgreSQL's error code when it has one (40P01: a deadlock). */
  const failuresOf = (settled: PromiseSettledResult<unknown>[]) =>
    settled.flatMap((result) =>
      result.status === 'rejected'
        ? [String((result.reason as { code?: string }).code ?? (result.reason as Error).message)]
        : [],
    );

  it.skipIf(kind !== 'postgres')(
    `moves leads along while the worker takes their due steps, ${ROUNDS} times at once: no deadlock, each sequence stopped once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, rows } = await ownerWithDueSequences(LEADS_PER_ROUND);
        const settled = await Promise.allSettled([
          runDueFollowUps({ db: db(), policy: sendingPolicyConfig(context), now: new Date(), batchSize: 1000 }),
          ...rows.map(async ({ leadId }) => (await moveToContacted(owner.headers, leadId)).status),
        ]);
        expect(failuresOf(settled)).toEqual([]);
        expect(settled.slice(1).map((result) => (result as PromiseFulfilledResult<number>).value)).toEqual(
          rows.map(() => 200),
        );
        // Sequences whose lead a member held were left due: the next batch finds them stopped by the move.
        await runDueFollowUps({ db: db(), policy: sendingPolicyConfig(context), now: new Date(), batchSize: 1000 });
        await expectEachStoppedOnce(rows);
      }
    },
    60_000,
  );

  it.skipIf(kind !== 'postgres')(
    `moves leads along while their sequences are paused, ${ROUNDS} times at once: no deadlock, each sequence stopped once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, rows } = await ownerWithDueSequences(LEADS_PER_ROUND);
        const settled = await Promise.allSettled(
          rows.flatMap(({ leadId, followUpId }) => [
            (async () => (await send(app, 'POST', `/api/follow-ups/${followUpId}/pause`, owner.headers)).status)(),
            (async () => (await moveToContacted(owner.headers, leadId)).status)(),
          ]),
        );
        expect(failuresOf(settled)).toEqual([]);
        expect(settled.map((result) => (result as PromiseFulfilledResult<number>).value)).toEqual(
          settled.map(() => 200),
        );
        await expectEachStoppedOnce(rows);
      }
    },
    60_000,
  );
});
