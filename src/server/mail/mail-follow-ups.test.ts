// Issue 41 part 5, follow-ups by mail, on both databases: a mail send's owners enter the sequence by
// mail (postcards on days 21 and 45), printed by the member in "print these today" or mailed through
// Lob exactly once; every stop that ends an e-mail sequence ends it, and so does a returned piece.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFollowUpSequence } from '#domain/follow-ups/sequence.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeSimpleOfferRange } from '#domain/offer/compute-offer-range.ts';
import { startLobFake, type LobFake } from '#tests/fakes/lob-fake.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan, verifiedProOwner } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import {
  followUps,
  followUpTouches,
  leads,
  mailPieces,
  mailSends,
  mailShortCodes,
  offerLinks,
  wholesalerProfiles,
} from '../db/schema';
import { sendingPolicyConfig } from '../email/send-to-third-party';
import { runDueFollowUps } from '../follow-ups/run-due-follow-ups';
import { createFollowUpMailer } from './follow-up-mailer';
import { mailDueLobPieces } from './lob-mail-worker';
import { prepareDueLobPieces } from './prepare-lob-pieces';
import { openShortCode } from './short-code-seal';

const DAY_MS = 24 * 60 * 60 * 1000;
const TEST_KEY = 'test_fake_key_1234';
const SECRET = 'lob_webhook_secret_abc';
let serial = 0;

/** Maria owns two houses and gets her mail at a PO box (no e-mail); Ann lives in hers and has one. */
function rows() {
  const n = ++serial;
  return [
    {
      firstName: 'Maria',
      lastName: `Lopez${n}`,
      address: `${n} Elm St`,
      city: 'Austin',
      state: 'TX',
      zip: '78705',
      marketValue: 300_000,
      mailingAddress: { street: `PO Box ${n}`, city: 'Dallas', state: 'TX', zip: '75201' },
    },
    {
      firstName: 'Maria',
      lastName: `Lopez${n}`,
      address: `${n} Oak St`,
      city: 'Austin',
      state: 'TX',
      zip: '78703',
      marketValue: 250_000,
      mailingAddress: { street: `PO Box ${n}`, city: 'Dallas', state: 'TX', zip: '75201' },
    },
    {
      firstName: 'Ann',
      lastName: `Lee${n}`,
      address: `${n} Pine St`,
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      marketValue: 200_000,
      email: `ann${n}@example.com`,
    },
  ];
}

const range = (marketValue: number) => {
  const { low, high } = computeSimpleOfferRange({ marketValue, template: defaultTemplate });
  return `${formatMoney(low)} - ${formatMoney(high)}`;
};

describeEachDatabase('follow-ups by mail (issue 41)', (database) => {
  let lob: LobFake;
  let context: AppContext;
  let app: ReturnType<typeof createApp>;
  const db = () => database().db;
  beforeAll(async () => {
    lob = await startLobFake();
    context = createTestContext(database(), { TRUST_PROXY: '1', LOB_API_URL: lob.apiUrl });
    app = createApp(context);
  });
  afterAll(async () => {
    await context.changeFeed.close();
    await lob.close();
  });

  /** Takes every step due at `at` (one per sequence per batch: run until none is due), as the worker does. */
  async function runAt(at: Date) {
    for (;;) {
      const batch = await runDueFollowUps({
        db: db(),
        policy: sendingPolicyConfig(context),
        now: at,
        batchSize: 1000,
        mailer: createFollowUpMailer({ serverSecret: context.serverSecret }),
      });
      if (batch.claimed === 0) return;
    }
  }

  /** A Pro Owner whose profile signs mail; with `lobKey`, the workspace's Lob key and webhook secret saved. */
  async function mailer({ lobKey = false } = {}) {
    const owner = await verifiedProOwner(app, db());
    await db().insert(wholesalerProfiles).values({
      workspaceId: owner.user.id,
      userId: owner.user.id,
      displayName: 'Ann Buyer',
      company: 'Lee Homes',
      phone: '512-555-0100',
      postalAddress: '1 Main St, Austin, TX 78701',
    });
    if (lobKey) {
      const saved = await sendJson(app, 'PUT', '/api/mail/lob/settings', owner.headers, {
        apiKey: TEST_KEY,
        webhookSecret: SECRET,
      });
      expect(saved.status).toBe(200);
    }
    return owner;
  }

  async function printRun(headers: Record<string, string>, list = rows()) {
    const response = await sendJson(app, 'POST', '/api/mail/print-runs', headers, {
      template: defaultTemplate,
      properties: list,
      format: 'letter',
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { sendId: string };
  }

  const sequencesOf = (workspaceId: string) =>
    db().select().from(followUps).where(eq(followUps.workspaceId, workspaceId)).orderBy(followUps.recipientName);
  const dueMailOf = async (headers: Record<string, string>) =>
    (
      (await (await sendJson(app, 'GET', '/api/follow-ups', headers)).json()) as {
        dueMail: { recipientName: string }[];
      }
    ).dueMail;
  const printToday = (headers: Record<string, string>) =>
    sendJson(app, 'POST', '/api/mail/follow-up-print-runs', headers);
  const pdfText = async (headers: Record<string, string>, sendId: string) => {
    const response = await sendJson(app, 'GET', `/api/mail/print-runs/${sendId}/letters.pdf`, headers);
    expect(response.status).toBe(200);
    return (await readPdfText(new Uint8Array(await response.arrayBuffer()))).text.replace(/\s+/g, ' ');
  };
  /** A short code printed on a piece, opened (the test holds the server's secret as the letter holds the code). */
  const codesOf = async (pieceId: string) =>
    (await db().select().from(mailShortCodes).where(eq(mailShortCodes.pieceId, pieceId))).map((row) =>
      openShortCode(context.serverSecret, row.sealed),
    );

  it('prints a postcard to each owner on day 21 and day 45 in "print these today", each re-stating the range and keeping the offer open', async () => {
    const owner = await mailer();
    const list = rows();
    await printRun(owner.headers, list);
    const [ann, maria] = await sequencesOf(owner.user.id);
    expect(maria).toMatchObject({
      status: 'active',
      recipientEmail: null,
      recipientName: `Maria Lopez${serial}`,
      mailingAddress: list[0]!.mailingAddress,
      sequence: mailFollowUpSequence,
      nextStep: 1,
    });
    // Ann's row had an e-mail: her unsubscribes and bounces stop her sequence by mail too.
    expect(ann).toMatchObject({ recipientEmail: `ann${serial}@example.com`, status: 'active' });
    const start = maria!.startedAt.getTime();

    await runAt(new Date(start + 20 * DAY_MS));
    expect(await dueMailOf(owner.headers)).toEqual([]);
    const day21 = new Date(start + 22 * DAY_MS);
    await runAt(day21);
    // Nothing mailed without Lob: both postcards wait for the member's print run, none on the Today list's tasks.
    const due = await dueMailOf(owner.headers);
    expect(due.map((piece) => piece.recipientName).sort()).toEqual([ann!.recipientName, maria!.recipientName].sort());
    const links = await db().select().from(offerLinks).where(eq(offerLinks.workspaceId, owner.user.id));
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.expiresAt.getTime()).toBeGreaterThan(day21.getTime());

    const printed = await printToday(owner.headers);
    expect(printed.status).toBe(201);
    const run = (await printed.json()) as { sendId: string; pieces: number };
    expect(run.pieces).toBe(2);
    const text = await pdfText(owner.headers, run.sendId);
    expect(text).toContain(maria!.recipientName);
    expect(text).toContain(range(300_000));
    expect(text).toContain(range(250_000));
    expect(text).toContain(range(200_000));
    const pieces = await db().select().from(mailPieces).where(eq(mailPieces.sendId, run.sendId));
    expect(pieces.map((piece) => [piece.status, piece.format])).toEqual([
      ['printed-by-you', 'postcard'],
      ['printed-by-you', 'postcard'],
    ]);
    // Each property's new code opens the same offer as the first letter's.
    const mariaPiece = pieces.find((piece) => piece.ownerName === maria!.recipientName)!;
    const first = await codesOf(maria!.mailPieceId!);
    const again = await codesOf(mariaPiece.id);
    expect(again.map((code) => code.token).sort()).toEqual(first.map((code) => code.token).sort());
    expect(again.map((code) => code.code)).not.toContain(first[0]!.code);
    expect(await dueMailOf(owner.headers)).toEqual([]);
    expect((await printToday(owner.headers)).status).toBe(422);

    await runAt(new Date(start + 46 * DAY_MS));
    const last = (await (await printToday(owner.headers)).json()) as { sendId: string; pieces: number };
    expect(last.pieces).toBe(2);
    expect(await pdfText(owner.headers, last.sendId)).toContain(range(300_000));
    expect((await sequencesOf(owner.user.id)).map((sequence) => sequence.status)).toEqual(['finished', 'finished']);
    const touches = await db()
      .select()
      .from(followUpTouches)
      .where(eq(followUpTouches.followUpId, maria!.id))
      .orderBy(followUpTouches.step);
    expect(touches.map((touch) => [touch.kind, touch.doneAt !== null, touch.mailPieceId !== null])).toEqual([
      ['offer', true, false],
      ['postcard', true, true],
      ['postcard', true, true],
    ]);
    await runAt(new Date(start + 90 * DAY_MS));
    expect((await printToday(owner.headers)).status).toBe(422);
  }, 60_000);

  it('stops on an answer to any property of the piece and at the stop page, with nothing left to print', async () => {
    const owner = await mailer();
    const { sendId } = await printRun(owner.headers);
    const [ann, maria] = await sequencesOf(owner.user.id);
    /** The send's prospects on the Prospects screen, as `name: next follow-up`. */
    const nextTouches = async () =>
      (
        (await (await sendJson(app, 'GET', `/api/prospects?sendId=${sendId}`, owner.headers)).json()) as {
          prospects: { name: string; nextFollowUpAt: string | null }[];
        }
      ).prospects
        .map((prospect) => `${prospect.name}: ${prospect.nextFollowUpAt}`)
        .sort();
    // Each mailed owner's next touch is their day-21 postcard (Maria's two properties are one prospect each).
    const day21Of = (sequence: typeof maria) => sequence!.nextDueAt!.toISOString();
    expect(await nextTouches()).toEqual(
      [
        `${ann!.recipientName}: ${day21Of(ann)}`,
        `${maria!.recipientName}: ${day21Of(maria)}`,
        `${maria!.recipientName}: ${day21Of(maria)}`,
      ].sort(),
    );
    // Maria answers the offer for her second property.
    const [, second] = (await codesOf(maria!.mailPieceId!)).sort((a, b) => a.code.localeCompare(b.code));
    const answered = await sendJson(
      app,
      'POST',
      `/api/public/offers/${second!.token}/responses`,
      {},
      {
        kind: 'counter',
        desiredPrice: 150_000,
        contact: { name: 'Maria Lopez', email: `maria${serial}@example.com`, phone: '512-555-0142' },
      },
    );
    expect(answered.status).toBe(201);
    // Ann asks to stop at her short address.
    const [annCode] = await codesOf(ann!.mailPieceId!);
    const stopped = await sendJson(app, 'POST', '/api/public/mail/stop', {}, { code: annCode!.code });
    expect(stopped.status).toBe(200);
    const after = await sequencesOf(owner.user.id);
    expect(after.map((sequence) => [sequence.status, sequence.stopReason])).toEqual([
      ['stopped', 'unsubscribed'],
      ['stopped', 'answered'],
    ]);
    // Maria is a lead for the property she answered about: that prospect, and only that one, answered.
    const prospectsOfSend = (
      (await (await sendJson(app, 'GET', `/api/prospects?sendId=${sendId}`, owner.headers)).json()) as {
        prospects: { name: string; status: string; leadId: string | null; lastTouch: { kind: string } | null }[];
      }
    ).prospects;
    const leads = prospectsOfSend.filter((prospect) => prospect.status === 'lead');
    expect(leads).toMatchObject([{ name: maria!.recipientName, lastTouch: { kind: 'answered' } }]);
    expect(leads[0]!.leadId).not.toBeNull();
    expect(prospectsOfSend.filter((prospect) => prospect.name === ann!.recipientName)).toMatchObject([
      { status: 'stopped' },
    ]);
    // Stopped: no next touch on the Prospects screen for either.
    expect((await nextTouches()).every((line) => line.endsWith(': null'))).toBe(true);
    await runAt(new Date(maria!.startedAt.getTime() + 50 * DAY_MS));
    expect(await dueMailOf(owner.headers)).toEqual([]);
  });

  it('stops when a member promotes the owner to a lead after a call, a lead that came by Mail', async () => {
    const owner = await mailer();
    await printRun(owner.headers);
    const [ann] = await sequencesOf(owner.user.id);
    const [annCode] = await db().select().from(mailShortCodes).where(eq(mailShortCodes.pieceId, ann!.mailPieceId!));
    const promoted = await sendJson(app, 'POST', `/api/prospects/${annCode!.prospectId}/promote`, owner.headers, {
      kind: 'program',
      note: 'Called: wants to hear more',
    });
    expect(promoted.status).toBe(201);
    const [after] = await sequencesOf(owner.user.id);
    expect([after!.status, after!.stopReason]).toEqual(['stopped', 'answered']);
    const { leadId } = (await promoted.json()) as { leadId: string };
    expect(after!.leadId).toBe(leadId);
    // The send that reached them was a mail send: the lead's source is Mail, on the piece's offer.
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ source: 'mail', offerLinkId: annCode!.offerLinkId });
    const bySource = await sendJson(app, 'GET', '/api/leads-inbox?source=mail', owner.headers);
    expect(((await bySource.json()) as { leads: { id: string }[] }).leads.map((row) => row.id)).toEqual([leadId]);
  });

  it("another workspace's member, a Viewer, a member without bulk rights and a Free workspace print none of it", async () => {
    const owner = await mailer();
    await printRun(owner.headers);
    const [sequence] = await sequencesOf(owner.user.id);
    await runAt(new Date(sequence!.startedAt.getTime() + 22 * DAY_MS));
    const pending = () =>
      db()
        .select()
        .from(followUpTouches)
        .innerJoin(followUps, eq(followUps.id, followUpTouches.followUpId))
        .where(and(eq(followUps.workspaceId, owner.user.id), eq(followUpTouches.kind, 'postcard')));
    const sendsBefore = (await db().select().from(mailSends).where(eq(mailSends.workspaceId, owner.user.id))).length;

    const stranger = await mailer();
    const theirs = await printToday(stranger.headers);
    expect(theirs.status).toBe(422);
    expect(await theirs.json()).toMatchObject({ code: 'nothing-to-print' });
    expect(await dueMailOf(stranger.headers)).toEqual([]);

    for (const [role, mayBulkSendAndExport, status] of [
      ['viewer', false, 403],
      ['acquisitions', false, 403],
    ] as const) {
      const member = await signUpTestUser(app);
      await joinWorkspace(db(), { workspaceId: owner.user.id, userId: member.user.id, role, mayBulkSendAndExport });
      const refused = await printToday(member.headers);
      expect(refused.status).toBe(status);
    }
    await setWorkspacePlan(db(), owner.user.id, 'free');
    expect((await printToday(owner.headers)).status).toBe(403);

    expect((await pending()).every(({ follow_up_touches: touch }) => touch.doneAt === null && !touch.mailPieceId)).toBe(
      true,
    );
    expect((await pending()).length).toBe(2);
    expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, owner.user.id))).toHaveLength(
      sendsBefore,
    );
  });

  describe('through Lob', () => {
    const lobWorker = () =>
      mailDueLobPieces({
        database: database(),
        appUrl: context.env.APP_URL,
        lobApiUrl: lob.apiUrl,
        serverSecret: context.serverSecret,
      });

    async function mailedThroughLob() {
      const owner = await mailer({ lobKey: true });
      const quote = await sendJson(app, 'POST', '/api/mail/lob/sends', owner.headers, {
        template: defaultTemplate,
        properties: rows(),
        format: 'letter',
      });
      const { sendId } = (await quote.json()) as { sendId: string };
      await prepareDueLobPieces({
        database: database(),
        appUrl: context.env.APP_URL,
        lobApiUrl: lob.apiUrl,
        serverSecret: context.serverSecret,
      });
      const { pieces, costCents } = (await (
        await sendJson(app, 'GET', `/api/mail/lob/sends/${sendId}`, owner.headers)
      ).json()) as { pieces: number; costCents: number };
      // No sequence before Lob has the piece.
      expect(await sequencesOf(owner.user.id)).toEqual([]);
      await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, owner.headers, { pieces, costCents });
      await lobWorker();
      return owner;
    }

    it('enrols each owner once Lob has the piece; two engines and two workers at once mail each postcard exactly once', async () => {
      const owner = await mailedThroughLob();
      const sequences = await sequencesOf(owner.user.id);
      expect(sequences.map((sequence) => sequence.status)).toEqual(['active', 'active']);
      const created = lob.pieces.length;
      const day21 = new Date(sequences[0]!.startedAt.getTime() + 22 * DAY_MS);
      await Promise.all([runAt(day21), runAt(day21)]);
      expect(await dueMailOf(owner.headers)).toEqual([]);
      await Promise.all([lobWorker(), lobWorker()]);
      const postcards = lob.pieces.slice(created);
      expect(postcards).toHaveLength(2);
      const pieceIds = (
        await db()
          .select({ id: followUpTouches.mailPieceId })
          .from(followUpTouches)
          .where(
            and(
              inArray(
                followUpTouches.followUpId,
                sequences.map((sequence) => sequence.id),
              ),
              eq(followUpTouches.kind, 'postcard'),
            ),
          )
      ).map((row) => row.id!);
      const pieces = await db().select().from(mailPieces).where(inArray(mailPieces.id, pieceIds));
      expect(pieces.map((piece) => piece.status)).toEqual(['mailed', 'mailed']);
      expect(new Set(postcards.map((postcard) => postcard.idempotencyKey))).toEqual(
        new Set(pieces.map((piece) => piece.idempotencyKey)),
      );
      // A postcard of the sequence enrols no one again.
      expect(await sequencesOf(owner.user.id)).toHaveLength(2);
    });

    it('a piece returned to sender stops the sequence at once, and no later step mails the address', async () => {
      const owner = await mailedThroughLob();
      const [ann, maria] = await sequencesOf(owner.user.id);
      const [returned] = await db().select().from(mailPieces).where(eq(mailPieces.id, maria!.mailPieceId!));
      const event = lob.signedEvent('letter.returned_to_sender', returned!.lobId!, { secret: SECRET });
      const delivered = await app.request(`/api/mail/webhook/${owner.user.id}`, {
        method: 'POST',
        headers: event.headers,
        body: event.body,
      });
      expect(delivered.status).toBe(200);
      const created = lob.pieces.length;
      expect((await sequencesOf(owner.user.id)).map((sequence) => [sequence.status, sequence.stopReason])).toEqual([
        ['active', null],
        ['stopped', 'returned'],
      ]);
      await runAt(new Date(ann!.startedAt.getTime() + 22 * DAY_MS));
      await lobWorker();
      const mailedTo = lob.pieces.slice(created).map((piece) => (piece.body.to as { name: string }).name);
      expect(mailedTo).toContain(ann!.recipientName);
      expect(mailedTo).not.toContain(maria!.recipientName);
    });
  });
});
