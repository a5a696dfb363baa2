// Issue 41, offers mailed through Lob against a Lob-shaped fake, on both databases: the workspace's
// key (sealed, masked, tested), verification, the cost confirmation and the monthly cap, the queue
// (one piece per owner, exactly once across a crash, 429 backing off), and the signed webhooks.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lobMessages } from '#domain/mail/lob-settings.ts';
import { mailSkipReasons } from '#domain/mail/plan-mail-pieces.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startLobFake, type LobFake } from '#tests/fakes/lob-fake.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified } from '#tests/support/test-users.ts';
import { newTestWorkspace, setWorkspacePlan, verifiedProOwner } from '#tests/support/workspaces.ts';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import {
  mailLobEvents,
  mailPieces,
  mailSends,
  mailShortCodes,
  mailSuppressions,
  offerLinks,
  prospectTouches,
  wholesalerProfiles,
  wholesalerSettings,
} from '../db/schema';
import { undeliverableReason } from './create-lob-send';
import { mailDueLobPieces } from './lob-mail-worker';
import { prepareDueLobPieces } from './prepare-lob-pieces';

const TEST_KEY = 'test_fake_key_1234';
const SECRET = 'lob_webhook_secret_abc';
let serial = 0;

/** Three owners: Maria at a PO box, Ann in her house, and Cy whose street Lob cannot deliver to. */
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
      firstName: 'Ann',
      lastName: `Lee${n}`,
      address: `${n} Pine St`,
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      marketValue: 200_000,
    },
    {
      firstName: 'Cy',
      lastName: `Moe${n}`,
      address: `${n} Nowhere Rd`,
      city: 'Austin',
      state: 'TX',
      zip: '78704',
      marketValue: 150_000,
    },
  ];
}

describeEachDatabase('offers mailed through Lob (issue 41)', (database) => {
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

  const worker = (extra: { claimMs?: number; afterLobCall?: (pieceId: string) => Promise<void> } = {}) =>
    mailDueLobPieces({
      database: database(),
      appUrl: context.env.APP_URL,
      lobApiUrl: lob.apiUrl,
      serverSecret: context.serverSecret,
      ...extra,
    });

  const prepare = (extra: { claimMs?: number; afterVerify?: (pieceId: string) => Promise<void> } = {}) =>
    prepareDueLobPieces({
      database: database(),
      appUrl: context.env.APP_URL,
      lobApiUrl: lob.apiUrl,
      serverSecret: context.serverSecret,
      ...extra,
    });

  /** A Pro Owner whose profile signs mail, with the workspace's Lob key and webhook secret saved. */
  async function lobMailer(settings: Record<string, unknown> = {}) {
    const owner = await verifiedProOwner(app, db());
    await db().insert(wholesalerProfiles).values({
      workspaceId: owner.user.id,
      userId: owner.user.id,
      displayName: 'Ann Buyer',
      company: 'Lee Homes',
      phone: '512-555-0100',
      postalAddress: '1 Main St, Austin, TX 78701',
    });
    const saved = await sendJson(app, 'PUT', '/api/mail/lob/settings', owner.headers, {
      apiKey: TEST_KEY,
      webhookSecret: SECRET,
      ...settings,
    });
    expect(saved.status).toBe(200);
    return owner;
  }

  const quote = async (headers: Record<string, string>, properties: unknown[] = rows()) =>
    sendJson(app, 'POST', '/api/mail/lob/sends', headers, { template: defaultTemplate, properties, format: 'letter' });

  /** The quote the confirm page shows once the worker has verified the send's addresses. */
  async function preparedQuote(headers: Record<string, string>, properties: unknown[] = rows()) {
    const created = await quote(headers, properties);
    expect(created.status).toBe(201);
    const { sendId, skipped } = (await created.json()) as { sendId: string; skipped: unknown[] };
    await prepare();
    const quoted = (await (await sendJson(app, 'GET', `/api/mail/lob/sends/${sendId}`, headers)).json()) as {
      pieces: number;
      costCents: number;
      preparing: boolean;
      undeliverable: { ownerName: string; mailingAddress: string; reason: string }[];
    };
    expect(quoted.preparing).toBe(false);
    return { ...quoted, sendId, skipped };
  }

  const piecesOf = (sendId: string) => db().select().from(mailPieces).where(eq(mailPieces.sendId, sendId));

  const postEvent = (workspaceId: string, event: { body: string; headers: Record<string, string> }) =>
    app.request(`/api/mail/webhook/${workspaceId}`, { method: 'POST', headers: event.headers, body: event.body });

  it('keeps the key sealed and shows it masked, in test mode, with the webhook address; Test verifies a known address', async () => {
    const owner = await lobMailer({ pricePerPieceCents: 95, monthlyPieceCap: 500 });
    const view = await (await sendJson(app, 'GET', '/api/mail/lob/settings', owner.headers)).json();
    expect(view).toEqual({
      configured: true,
      unreadable: false,
      last4: '1234',
      testMode: true,
      webhookSecretSaved: true,
      webhookUrl: `${context.env.APP_URL}/api/mail/webhook/${owner.user.id}`,
      pricePerPieceCents: 95,
      monthlyPieceCap: 500,
    });
    expect(JSON.stringify(view)).not.toContain(TEST_KEY);
    const stored = await db()
      .select()
      .from(wholesalerSettings)
      .where(eq(wholesalerSettings.workspaceId, owner.user.id));
    expect(stored.map((row) => row.settingValue).join(' ')).not.toContain(TEST_KEY);
    expect(stored.map((row) => row.settingValue).join(' ')).not.toContain(SECRET);

    const test = await sendJson(app, 'POST', '/api/mail/lob/test', owner.headers);
    expect(await test.json()).toMatchObject({ ok: true });
    const verification = lob.requests.at(-1)!;
    expect(verification).toMatchObject({ path: '/v1/us_verifications', apiKey: TEST_KEY });
    expect(verification.body).toMatchObject({ primary_line: '210 King St', zip_code: '94107' });
  });

  it('refuses a key that is not a Lob key, and a Viewer changing the settings, with nothing stored', async () => {
    const { owner, workspaceId, join } = await newTestWorkspace(app, db());
    await setWorkspacePlan(db(), workspaceId, 'pro');
    const bad = await sendJson(app, 'PUT', '/api/mail/lob/settings', owner.headers, { apiKey: 'sk_live_x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(lobMessages.apiKeyInvalid);
    const viewer = await join('viewer');
    const refused = await sendJson(app, 'PUT', '/api/mail/lob/settings', viewer.headers, { apiKey: TEST_KEY });
    expect(refused.status).toBe(403);
    expect(await db().select().from(wholesalerSettings).where(eq(wholesalerSettings.workspaceId, workspaceId))).toEqual(
      [],
    );
  });

  it('answers at once with the send preparing, verifies each address off the request, quotes, mails nothing before the confirmation, then one piece per owner exactly once across a crash', async () => {
    const owner = await lobMailer({ pricePerPieceCents: 83 });
    const list = rows();
    lob.markUndeliverable(list[2]!.address);
    const verificationsBefore = lob.requests.filter((request) => request.path === '/v1/us_verifications').length;
    const response = await quote(owner.headers, list);
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { sendId: string };
    expect(stored).toMatchObject({ pieces: 3, preparing: true, confirmed: false, skipped: [] });
    // The request verified nothing: the pieces wait, preparing, with no link made yet.
    expect(lob.requests.filter((request) => request.path === '/v1/us_verifications')).toHaveLength(verificationsBefore);
    expect((await piecesOf(stored.sendId)).map((piece) => piece.status)).toEqual([
      'preparing',
      'preparing',
      'preparing',
    ]);
    const early = await sendJson(app, 'POST', `/api/mail/lob/sends/${stored.sendId}/confirm`, owner.headers, {
      pieces: 3,
      costCents: 249,
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'send-preparing' });
    const preparing = await (await sendJson(app, 'GET', `/api/mail/lob/sends/${stored.sendId}`, owner.headers)).json();
    expect(preparing).toMatchObject({ preparing: true, confirmed: false, byStatus: { preparing: 3, queued: 0 } });

    expect(await prepare()).toBe(3);
    const quoted = (await (
      await sendJson(app, 'GET', `/api/mail/lob/sends/${stored.sendId}`, owner.headers)
    ).json()) as {
      pieces: number;
    };
    expect(quoted).toMatchObject({
      pieces: 2,
      costCents: 166,
      pricePerPieceCents: 83,
      testMode: true,
      preparing: false,
      confirmed: false,
      byStatus: { verified: 2, undeliverable: 1 },
      undeliverable: [
        {
          ownerName: `Cy ${list[2]!.lastName}`,
          mailingAddress: `${list[2]!.address}, Austin, TX 78704`,
          reason: undeliverableReason('undeliverable'),
        },
      ],
    });
    const quotedSend = { sendId: stored.sendId };
    const created = lob.pieces.length;

    // Nothing is mailed without the confirmation: the worker finds nothing due.
    expect(await worker()).toBe(0);
    expect((await piecesOf(quotedSend.sendId)).map((piece) => piece.status).sort()).toEqual([
      'undeliverable',
      'verified',
      'verified',
    ]);
    // A confirmation of other figures than the quote's is refused, with nothing queued.
    const stale = await sendJson(app, 'POST', `/api/mail/lob/sends/${quotedSend.sendId}/confirm`, owner.headers, {
      pieces: 2,
      costCents: 1,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'confirmation-stale' });
    expect(await worker()).toBe(0);

    const confirmed = await sendJson(app, 'POST', `/api/mail/lob/sends/${quotedSend.sendId}/confirm`, owner.headers, {
      pieces: 2,
      costCents: 166,
    });
    expect(confirmed.status).toBe(200);
    const again = await sendJson(app, 'POST', `/api/mail/lob/sends/${quotedSend.sendId}/confirm`, owner.headers, {
      pieces: 2,
      costCents: 166,
    });
    expect(await again.json()).toMatchObject({ code: 'already-confirmed' });

    // The worker dies between Lob's answer and the status write for the first piece.
    let crashed = false;
    await expect(
      worker({
        claimMs: 300,
        afterLobCall: async () => {
          if (crashed) return;
          crashed = true;
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(lob.pieces.length).toBe(created + 1);
    expect((await piecesOf(quotedSend.sendId)).filter((piece) => piece.status === 'mailed')).toEqual([]);
    // Its claim lapses; another worker takes the piece again, and Lob answers the same letter.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await worker({ claimMs: 300 })).toBe(2);
    const pieces = await piecesOf(quotedSend.sendId);
    expect(pieces.map((piece) => piece.status).sort()).toEqual(['mailed', 'mailed', 'undeliverable']);
    const letters = lob.pieces.slice(created);
    expect(letters).toHaveLength(2);
    const mailedPieces = pieces.filter((piece) => piece.status === 'mailed');
    expect(new Set(letters.map((letter) => letter.idempotencyKey))).toEqual(
      new Set(mailedPieces.map((piece) => piece.idempotencyKey)),
    );
    expect(new Set(letters.map((letter) => letter.id))).toEqual(new Set(mailedPieces.map((piece) => piece.lobId)));
    const creates = lob.requests.filter((request) => request.path === '/v1/letters').slice(-3);
    expect(
      creates.map((request) => request.idempotencyKey).filter((key) => key === letters[0]!.idempotencyKey),
    ).toHaveLength(2);
    expect(letters.map((letter) => (letter.body.to as { address_line1: string }).address_line1).sort()).toEqual(
      [list[0]!.mailingAddress!.street, list[1]!.address].sort(),
    );
    expect(letters[0]!.body).toMatchObject({
      use_type: 'marketing',
      from: { address_line1: '1 Main St', address_zip: '78701' },
    });

    // Lob downloads the piece's PDF from its signed address; a changed signature opens nothing.
    const fileUrl = new URL(String(letters[0]!.body.file));
    const pdf = await app.request(fileUrl.pathname + fileUrl.search);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    fileUrl.searchParams.set('signature', 'x'.repeat(43));
    expect((await app.request(fileUrl.pathname + fileUrl.search)).status).toBe(404);

    const progress = await (
      await sendJson(app, 'GET', `/api/mail/lob/sends/${quotedSend.sendId}`, owner.headers)
    ).json();
    expect(progress).toMatchObject({ pieces: 2, confirmed: true, byStatus: { mailed: 2, queued: 0 } });
  });

  it('two workers at once take each piece once: one letter per owner, each with its own key', async () => {
    const owner = await lobMailer();
    const list = [...rows(), ...rows()].slice(0, 5);
    const { sendId, pieces } = await preparedQuote(owner.headers, list);
    await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, owner.headers, {
      pieces,
      costCents: pieces * 83,
    });
    const created = lob.pieces.length;
    const handled = await Promise.all([worker(), worker()]);
    expect(handled[0]! + handled[1]!).toBe(pieces);
    const mailed = await piecesOf(sendId);
    expect(mailed.every((piece) => piece.status === 'mailed')).toBe(true);
    expect(lob.pieces.length - created).toBe(pieces);
    expect(new Set(lob.pieces.slice(created).map((piece) => piece.idempotencyKey)).size).toBe(pieces);
  });

  it('prepares each piece once, off the request: across a crash between Lob’s verification and the write, and with two workers at once', async () => {
    const owner = await lobMailer();
    const list = [...rows(), ...rows(), ...rows()].slice(0, 7);
    const stored = (await (await quote(owner.headers, list)).json()) as { sendId: string; pieces: number };
    expect(stored.pieces).toBe(7);
    /** Each piece's short codes and offer links: one of each per property, never a second. */
    const linksOf = async () => {
      const codes = await db()
        .select({ pieceId: mailShortCodes.pieceId, offerLinkId: mailShortCodes.offerLinkId })
        .from(mailShortCodes)
        .innerJoin(mailPieces, eq(mailPieces.id, mailShortCodes.pieceId))
        .where(eq(mailPieces.sendId, stored.sendId));
      const links = await db()
        .select({ id: offerLinks.id })
        .from(offerLinks)
        .innerJoin(mailShortCodes, eq(mailShortCodes.offerLinkId, offerLinks.id))
        .innerJoin(mailPieces, eq(mailPieces.id, mailShortCodes.pieceId))
        .where(eq(mailPieces.sendId, stored.sendId));
      return { codes, links };
    };

    // The worker dies after Lob verified the first piece it took, before that piece's write.
    let crashed = false;
    await expect(
      prepare({
        claimMs: 300,
        afterVerify: async () => {
          if (crashed) return;
          crashed = true;
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await linksOf()).codes).toEqual([]);
    expect((await piecesOf(stored.sendId)).every((piece) => piece.status === 'preparing')).toBe(true);

    // Its claims lapse; two workers take the pieces at once, each claim lapsing at once too (so both
    // verify the same pieces), and each piece is prepared by one of them.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const prepared = await Promise.all([prepare({ claimMs: 1 }), prepare({ claimMs: 1 })]);
    expect(prepared[0]! + prepared[1]!).toBe(7);
    const pieces = await piecesOf(stored.sendId);
    expect(pieces.map((piece) => piece.status)).toEqual(Array(7).fill('verified'));
    expect(pieces.every((piece) => piece.plan === null && piece.claimedUntil === null)).toBe(true);
    const { codes, links } = await linksOf();
    expect(codes).toHaveLength(7);
    expect(new Set(codes.map((code) => code.pieceId)).size).toBe(7);
    expect(new Set(links.map((link) => link.id)).size).toBe(7);
    expect(await prepare()).toBe(0);
    const quoted = await (await sendJson(app, 'GET', `/api/mail/lob/sends/${stored.sendId}`, owner.headers)).json();
    expect(quoted).toMatchObject({ pieces: 7, costCents: 7 * 83, preparing: false, byStatus: { verified: 7 } });
  });

  it('backs off on a 429 and a 5xx without losing the piece', async () => {
    const owner = await lobMailer();
    const { sendId } = await preparedQuote(owner.headers, rows().slice(1, 2));
    await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, owner.headers, { pieces: 1, costCents: 83 });
    for (const status of [429, 503]) {
      lob.failNextCreates(status, 1);
      await worker();
      const [waiting] = await piecesOf(sendId);
      expect(waiting).toMatchObject({ status: 'queued', lobId: null, claimedUntil: null });
      expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      await db().update(mailPieces).set({ nextAttemptAt: new Date() }).where(eq(mailPieces.sendId, sendId));
    }
    await worker();
    const [mailed] = await piecesOf(sendId);
    expect(mailed).toMatchObject({ status: 'mailed', attempts: 3 });
    expect(lob.pieces.filter((piece) => piece.idempotencyKey === mailed!.idempotencyKey)).toHaveLength(1);
  });

  it("refuses a send past the workspace's monthly cap, with nothing queued", async () => {
    const owner = await lobMailer({ monthlyPieceCap: 1 });
    const { sendId } = await preparedQuote(owner.headers);
    const response = await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, owner.headers, {
      pieces: 3,
      costCents: 249,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'mail-cap-exceeded', monthlyPieceCap: 1, mailedThisMonth: 0 });
    expect((await piecesOf(sendId)).every((piece) => piece.status === 'verified')).toBe(true);
    const [send] = await db().select().from(mailSends).where(eq(mailSends.id, sendId));
    expect(send!.confirmedAt).toBeNull();
  });

  describe('tracking webhooks', () => {
    let owner: Awaited<ReturnType<typeof lobMailer>>;
    let list: ReturnType<typeof rows>;
    let pieces: (typeof mailPieces.$inferSelect)[];
    beforeAll(async () => {
      owner = await lobMailer();
      list = rows();
      const { sendId } = await preparedQuote(owner.headers, list);
      await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, owner.headers, {
        pieces: 3,
        costCents: 249,
      });
      await worker();
      pieces = await piecesOf(sendId);
      expect(pieces.every((piece) => piece.status === 'mailed')).toBe(true);
    });
    const now = async (id: string) => (await db().select().from(mailPieces).where(eq(mailPieces.id, id)))[0]!;
    /** The touches of each prospect a piece's properties are, in order, as `kind@workspace`. */
    const touchesOf = async (pieceId: string) => {
      const touches = await db()
        .select({
          prospectId: prospectTouches.prospectId,
          kind: prospectTouches.kind,
          workspaceId: prospectTouches.workspaceId,
        })
        .from(prospectTouches)
        .innerJoin(mailShortCodes, eq(mailShortCodes.prospectId, prospectTouches.prospectId))
        .where(eq(mailShortCodes.pieceId, pieceId))
        .orderBy(prospectTouches.at);
      const byProspect = new Map<string, string[]>();
      for (const { prospectId, kind, workspaceId } of touches)
        byProspect.set(prospectId, [...(byProspect.get(prospectId) ?? []), `${kind}@${workspaceId}`]);
      return [...new Set(Array.from(byProspect.values(), (kinds) => kinds.join(',')))];
    };

    it('moves a piece through in transit and delivered; returned to sender puts the address on the do-not-mail list, and the next send skips it', async () => {
      const [first, second] = pieces;
      const transit = await postEvent(
        owner.user.id,
        lob.signedEvent('letter.in_transit', first!.lobId!, { secret: SECRET }),
      );
      expect(transit.status).toBe(200);
      expect((await now(first!.id)).status).toBe('in-transit');
      await postEvent(owner.user.id, lob.signedEvent('letter.delivered', first!.lobId!, { secret: SECRET }));
      expect((await now(first!.id)).status).toBe('delivered');
      // A late in-transit never undoes delivered.
      await postEvent(owner.user.id, lob.signedEvent('letter.in_transit', first!.lobId!, { secret: SECRET }));
      expect((await now(first!.id)).status).toBe('delivered');

      await postEvent(owner.user.id, lob.signedEvent('letter.returned_to_sender', second!.lobId!, { secret: SECRET }));
      expect((await now(second!.id)).status).toBe('returned');
      const suppressed = await db()
        .select()
        .from(mailSuppressions)
        .where(
          and(
            eq(mailSuppressions.workspaceId, owner.user.id),
            eq(mailSuppressions.mailingAddressKey, second!.mailingAddressKey),
          ),
        );
      expect(suppressed).toMatchObject([{ reason: 'returned' }]);

      const next = (await (await quote(owner.headers, list)).json()) as {
        pieces: number;
        skipped: { reason: string }[];
      };
      expect(next.pieces).toBe(2);
      expect(next.skipped.map((skip) => skip.reason)).toContain(mailSkipReasons.suppressed);

      // Each owner's prospect was touched as its piece went: mailed by the worker, then delivered or returned.
      const workspace = owner.user.id;
      expect(await touchesOf(first!.id)).toEqual([`mailed@${workspace},delivered@${workspace}`]);
      expect(await touchesOf(second!.id)).toEqual([`mailed@${workspace},returned@${workspace}`]);
    });

    it('refuses unsigned, forged, stale and replayed events, and an event for another workspace’s piece changes nothing', async () => {
      const [, , third] = pieces;
      const before = await now(third!.id);
      const event = lob.signedEvent('letter.returned_to_sender', third!.lobId!, { secret: SECRET });
      const unsigned = await app.request(`/api/mail/webhook/${owner.user.id}`, { method: 'POST', body: event.body });
      const forged = await postEvent(
        owner.user.id,
        lob.signedEvent('letter.returned_to_sender', third!.lobId!, { secret: 'guess' }),
      );
      const stale = await postEvent(
        owner.user.id,
        lob.signedEvent('letter.returned_to_sender', third!.lobId!, {
          secret: SECRET,
          timestampMs: Date.now() - 6 * 60_000,
        }),
      );
      const tampered = await postEvent(owner.user.id, {
        ...event,
        body: event.body.replace('returned_to_sender', 'delivered'),
      });
      for (const refused of [unsigned, forged, stale, tampered]) {
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ error: 'Invalid signature' });
      }
      // Another workspace posts an event for this piece's Lob id to its own webhook, signed with its own secret.
      const attacker = await lobMailer();
      const crossed = await postEvent(
        attacker.user.id,
        lob.signedEvent('letter.returned_to_sender', third!.lobId!, { secret: SECRET }),
      );
      expect(await crossed.json()).toMatchObject({ outcome: 'unchanged' });
      expect(await now(third!.id)).toEqual(before);
      expect(await touchesOf(third!.id)).toEqual([`mailed@${owner.user.id}`]);

      // Delivered once; the same event again (freshly signed) changes nothing.
      const delivered = lob.signedEvent('letter.delivered', third!.lobId!, { secret: SECRET, eventId: 'evt_once' });
      expect(await (await postEvent(owner.user.id, delivered)).json()).toMatchObject({ outcome: 'delivered' });
      await db().update(mailPieces).set({ status: 'mailed' }).where(eq(mailPieces.id, third!.id));
      const replay = lob.signedEvent('letter.delivered', third!.lobId!, { secret: SECRET, eventId: 'evt_once' });
      expect(await (await postEvent(owner.user.id, replay)).json()).toMatchObject({ outcome: 'replayed' });
      expect((await now(third!.id)).status).toBe('mailed');
      expect(await touchesOf(third!.id)).toEqual([`mailed@${owner.user.id},delivered@${owner.user.id}`]);
      expect(
        await db()
          .select()
          .from(mailSuppressions)
          .where(eq(mailSuppressions.mailingAddressKey, third!.mailingAddressKey)),
      ).toEqual([]);
    });

    it('refuses every event for a workspace with no webhook secret saved (fail closed)', async () => {
      const bare = await verifiedProOwner(app, db());
      const response = await postEvent(
        bare.user.id,
        lob.signedEvent('letter.delivered', pieces[0]!.lobId!, { secret: '' }),
      );
      expect(response.status).toBe(401);
      expect(await db().select().from(mailLobEvents).where(eq(mailLobEvents.workspaceId, bare.user.id))).toEqual([]);
    });
  });

  it("answers another workspace's send as not found, with nothing confirmed", async () => {
    const victim = await lobMailer();
    const { sendId } = await preparedQuote(victim.headers);
    const attacker = await lobMailer();
    const confirm = await sendJson(app, 'POST', `/api/mail/lob/sends/${sendId}/confirm`, attacker.headers, {
      pieces: 3,
      costCents: 249,
    });
    expect(confirm.status).toBe(404);
    expect((await sendJson(app, 'GET', `/api/mail/lob/sends/${sendId}`, attacker.headers)).status).toBe(404);
    expect((await piecesOf(sendId)).every((piece) => piece.status === 'verified')).toBe(true);
  });

  it('refuses a Free workspace, a Viewer and a member without bulk rights, with nothing verified or stored', async () => {
    const free = await lobMailer();
    await setWorkspacePlan(db(), free.user.id, 'free');
    const { owner, workspaceId, join } = await newTestWorkspace(app, db());
    await setWorkspacePlan(db(), workspaceId, 'pro');
    await markEmailVerified(db(), owner.user.id);
    const viewer = await join('viewer');
    const acquisitions = await join('acquisitions');
    const requestsBefore = lob.requests.length;
    for (const [member, code] of [
      [free, 'pro-only'],
      [viewer, 'not-allowed'],
      [acquisitions, 'not-allowed'],
    ] as const) {
      const response = await quote(member.headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code });
    }
    expect(lob.requests.length).toBe(requestsBefore);
    expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, workspaceId))).toEqual([]);
    expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, free.user.id))).toEqual([]);
  });
});
