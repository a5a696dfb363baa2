// Issue 41: "Print them yourself", the short address /o/{code} and its stop page, on both databases.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailSkipReasons } from '#domain/mail/plan-mail-pieces.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeSimpleOfferRange } from '#domain/offer/compute-offer-range.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified, signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace, setWorkspacePlan, verifiedProOwner } from '#tests/support/workspaces.ts';
import {
  emailUnsubscribes,
  leads,
  mailPieces,
  mailSends,
  mailShortCodes,
  mailSuppressions,
  offerLinks,
  wholesalerProfiles,
} from '../db/schema';
import { MAIL_SEND_RATE_LIMIT } from './mail-routes';
import { SHORT_CODE_MISSES } from './short-address-routes';

const absentee = { street: 'PO Box 9', city: 'Dallas', state: 'TX', zip: '75201' };
let serial = 0;
/** Rows of a list: Maria owns two houses and gets her mail at a PO box; Ann lives in hers; Bo has no mailing address. */
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
      mailingAddress: { ...absentee, street: `PO Box ${n}` },
      email: `maria${n}@example.com`,
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
      firstName: 'Maria',
      lastName: `Lopez${n}`,
      address: `${n} Oak St`,
      city: 'Austin',
      state: 'TX',
      zip: '78703',
      marketValue: 250_000,
      repairs: 20_000,
      mailingAddress: { ...absentee, street: `P.O. Box ${n}` },
    },
    { firstName: 'Bo', lastName: `Ray${n}`, address: `${n} Ash St`, marketValue: 150_000 },
  ];
}

/** The range a row's offer prints as: the template's, computed here as the server must. */
const range = (marketValue: number) => {
  const { low, high } = computeSimpleOfferRange({ marketValue, template: defaultTemplate });
  return `${formatMoney(low)} - ${formatMoney(high)}`;
};

describeEachDatabase('mailed offers: print them yourself, /o/{code} and stop (issue 41)', (database) => {
  const { app } = suiteApp(database);
  const db = () => database().db;

  /** A Pro workspace's Owner whose profile signs mail: verified, a postal address and a phone. */
  async function mailer(workspaceId?: string, userId?: string) {
    const owner = workspaceId ? null : await verifiedProOwner(app(), db());
    const ws = workspaceId ?? owner!.user.id;
    await db()
      .insert(wholesalerProfiles)
      .values({
        workspaceId: ws,
        userId: userId ?? ws,
        displayName: 'Ann Buyer',
        company: 'Lee Homes',
        phone: '512-555-0100',
        postalAddress: '1 Main St, Austin, TX 78701',
      })
      .onConflictDoNothing();
    return owner;
  }

  async function printRun(headers: Record<string, string>, properties: unknown[] = rows(), format = 'letter') {
    return sendJson(app(), 'POST', '/api/mail/print-runs', headers, { template: defaultTemplate, properties, format });
  }

  async function csvOf(headers: Record<string, string>, sendId: string) {
    const response = await sendJson(app(), 'GET', `/api/mail/print-runs/${sendId}/mail-house.csv`, headers);
    expect(response.status).toBe(200);
    return (await response.text())
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
  }

  describe('as the workspace that mailed', () => {
    let owner: Awaited<ReturnType<typeof verifiedProOwner>>;
    let sendId: string;
    let list: ReturnType<typeof rows>;
    beforeAll(async () => {
      owner = (await mailer())!;
      list = rows();
      const response = await printRun(owner.headers, list);
      expect(response.status).toBe(201);
      const body = (await response.json()) as {
        sendId: string;
        pieces: number;
        properties: number;
        skipped: unknown[];
      };
      expect(body).toMatchObject({
        pieces: 2,
        properties: 3,
        skipped: [{ index: 3, reason: mailSkipReasons.noMailingAddress }],
      });
      sendId = body.sendId;
    });

    it('prints one letter per mailing address in ZIP order, each owner their own ranges and short addresses', async () => {
      const response = await sendJson(app(), 'GET', `/api/mail/print-runs/${sendId}/letters.pdf`, owner.headers);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const { text } = await readPdfText(new Uint8Array(await response.arrayBuffer()));
      const flat = text.replace(/\s+/g, ' ');
      // Maria (75201) before Ann (78702): envelope order.
      expect(flat.indexOf(list[0]!.lastName)).toBeLessThan(flat.indexOf(list[1]!.lastName));
      expect(flat).toContain(range(300_000));
      expect(flat).toContain(range(200_000));
      expect(flat).not.toContain(list[3]!.lastName);
      const csv = await csvOf(owner.headers, sendId);
      expect(csv[0]).toEqual([
        'Piece',
        'Format',
        'Name',
        'Mailing Address',
        'Mailing City',
        'Mailing State',
        'Mailing Zip',
        'Property',
        'Offer Range',
        'Short Address',
      ]);
      expect(csv.slice(1).map((line) => [line[0], line[2]])).toEqual([
        ['1', `Maria ${list[0]!.lastName}`],
        ['1', `Maria ${list[0]!.lastName}`],
        ['2', `Ann ${list[1]!.lastName}`],
      ]);
      for (const line of csv.slice(1)) expect(flat).toContain(line.at(-1)!.replace(/^https?:\/\//, ''));
      const pieces = await db().select().from(mailPieces).where(eq(mailPieces.sendId, sendId));
      expect(pieces.map((piece) => piece.status)).toEqual(['printed-by-you', 'printed-by-you']);
    });

    it('previews a piece with the same drawing as the print', async () => {
      const [piece] = await db()
        .select()
        .from(mailPieces)
        .where(and(eq(mailPieces.sendId, sendId), eq(mailPieces.position, 1)));
      const response = await sendJson(
        app(),
        'GET',
        `/api/mail/print-runs/${sendId}/pieces/${piece!.id}/preview.pdf`,
        owner.headers,
      );
      expect(response.status).toBe(200);
      const { text, pages } = await readPdfText(new Uint8Array(await response.arrayBuffer()));
      expect(pages).toBe(1);
      expect(text).toContain(`Ann ${list[1]!.lastName}`);
      expect(text).not.toContain(list[0]!.lastName);
    });

    it('opens the offer page from the short address, however it is typed', async () => {
      const [, , first] = await csvOf(owner.headers, sendId).then((csv) => csv);
      const shortAddress = new URL(first!.at(-1)!);
      for (const typed of [shortAddress.pathname, shortAddress.pathname.toLowerCase().replace('-', '')]) {
        const response = await app().request(typed, { headers: { 'x-forwarded-for': '10.9.9.9' } });
        expect(response.status).toBe(303);
        const token = response.headers.get('location')!.replace(/^\/offer\//, '');
        const offer = await sendJson(app(), 'GET', `/api/public/offers/${token}`, {});
        expect(await offer.json()).toMatchObject({ address: list[2]!.address + ', Austin, TX 78703' });
      }
    });

    it("lands an owner's answer in Leads with source Mail, unassigned as a bulk send's answers are", async () => {
      const [, line] = await csvOf(owner.headers, sendId);
      const opened = await app().request(new URL(line!.at(-1)!).pathname, {
        headers: { 'x-forwarded-for': '10.9.9.8' },
      });
      const token = opened.headers.get('location')!.replace(/^\/offer\//, '');
      const answered = await sendJson(
        app(),
        'POST',
        `/api/public/offers/${token}/responses`,
        {},
        {
          kind: 'counter',
          desiredPrice: 150_000,
          contact: { name: 'Maria Lopez', email: 'maria.answers@example.com', phone: '512-555-0142' },
        },
      );
      expect(answered.status).toBe(201);
      const [lead] = await db().select().from(leads).where(eq(leads.email, 'maria.answers@example.com'));
      expect(lead).toMatchObject({ workspaceId: owner.user.id, source: 'mail', responseKind: 'countered' });
    });

    it('rate-limits misses: past the limit a real code answers as a miss does', async () => {
      const [, first] = await csvOf(owner.headers, sendId);
      const real = new URL(first!.at(-1)!).pathname;
      const client = { 'x-forwarded-for': `10.77.${serial}.1` };
      for (let miss = 0; miss < SHORT_CODE_MISSES.limit; miss++) {
        const response = await app().request(`/o/ZZZZZ-ZZZZ${miss}`, { headers: client });
        expect(response.status).toBe(404);
      }
      const refused = await app().request(real, { headers: client });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('location')).toBeNull();
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await app().request(real, { headers: { 'x-forwarded-for': `10.78.${serial}.1` } })).status).toBe(303);
    });

    it("stops the owner's mail and e-mail for the workspace: the next send skips the address", async () => {
      const [, first] = await csvOf(owner.headers, sendId);
      const code = new URL(first!.at(-1)!).pathname.split('/').at(-1)!;
      const stopped = await sendJson(app(), 'POST', '/api/public/mail/stop', {}, { code: code.toLowerCase() });
      expect(stopped.status).toBe(200);
      const [piece] = await db()
        .select()
        .from(mailPieces)
        .where(and(eq(mailPieces.sendId, sendId), eq(mailPieces.position, 0)));
      expect(
        await db()
          .select()
          .from(mailSuppressions)
          .where(eq(mailSuppressions.mailingAddressKey, piece!.mailingAddressKey)),
      ).toHaveLength(1);
      expect(
        await db().select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, list[0]!.email!)),
      ).toHaveLength(1);
      // The same owner again, their PO box spelt another way: skipped; Ann is still mailed.
      const again = await printRun(owner.headers, [
        {
          ...list[0]!,
          mailingAddress: { ...list[0]!.mailingAddress!, street: list[0]!.mailingAddress!.street.toUpperCase() },
        },
        list[1]!,
      ]);
      expect(await again.json()).toMatchObject({
        pieces: 1,
        skipped: [{ index: 0, reason: mailSkipReasons.suppressed }],
      });
      // Only that owner: nothing to mail.
      const nothing = await printRun(owner.headers, [list[0]!]);
      expect(nothing.status).toBe(422);
      expect(await nothing.json()).toMatchObject({ code: 'nothing-to-mail' });
    });
  });

  it("makes each printed owner a prospect touched 'mailed', found again by its key when mailed again", async () => {
    const owner = (await mailer())!;
    const list = rows();
    for (let run = 0; run < 2; run++) expect((await printRun(owner.headers, list)).status).toBe(201);
    const listed = await sendJson(app(), 'GET', '/api/prospects?touch=mailed', owner.headers);
    expect(listed.status).toBe(200);
    const { prospects: found } = (await listed.json()) as {
      prospects: { id: string; name: string; address: string; lastTouch: { kind: string } | null }[];
    };
    // Maria's two houses, Ann's; Bo had no mailing address, so nothing was mailed to him.
    expect(found.map(({ name, address }) => `${name}: ${address}`).sort()).toEqual(
      [
        `${list[2]!.firstName} ${list[2]!.lastName}: ${list[2]!.address}`,
        `${list[0]!.firstName} ${list[0]!.lastName}: ${list[0]!.address}`,
        `Ann ${list[1]!.lastName}: ${list[1]!.address}`,
      ].sort(),
    );
    expect(found.every((prospect) => prospect.lastTouch?.kind === 'mailed')).toBe(true);
    const ann = found.find((prospect) => prospect.name.startsWith('Ann'))!;
    const detail = await sendJson(app(), 'GET', `/api/prospects/${ann.id}`, owner.headers);
    const { touches } = (await detail.json()) as { touches: { kind: string; detail: string }[] };
    expect(touches.map(({ kind, detail }) => [kind, detail])).toEqual([
      ['mailed', `${list[1]!.address}, Austin, TX 78702`],
      ['mailed', `${list[1]!.address}, Austin, TX 78702`],
    ]);
    // Another workspace's print run of the same owners touches none of these.
    const other = (await mailer())!;
    expect((await printRun(other.headers, list)).status).toBe(201);
    const again = await sendJson(app(), 'GET', `/api/prospects/${ann.id}`, owner.headers);
    expect(((await again.json()) as { touches: unknown[] }).touches).toHaveLength(2);
  });

  it("answers another workspace's send and pieces as not found, and its codes stop nothing of theirs", async () => {
    const victim = (await mailer())!;
    const { sendId } = (await (await printRun(victim.headers)).json()) as { sendId: string };
    const attacker = (await mailer())!;
    const [piece] = await db().select().from(mailPieces).where(eq(mailPieces.sendId, sendId));
    const before = JSON.stringify(await db().select().from(mailPieces).where(eq(mailPieces.sendId, sendId)));
    for (const path of [
      `/api/mail/print-runs/${sendId}/letters.pdf`,
      `/api/mail/print-runs/${sendId}/mail-house.csv`,
      `/api/mail/print-runs/${sendId}/pieces/${piece!.id}/preview.pdf`,
    ]) {
      const response = await sendJson(app(), 'GET', path, attacker.headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not-found' });
    }
    // The attacker's own send with the victim's piece id: still not found.
    const own = (await (await printRun(attacker.headers)).json()) as { sendId: string };
    const crossed = await sendJson(
      app(),
      'GET',
      `/api/mail/print-runs/${own.sendId}/pieces/${piece!.id}/preview.pdf`,
      attacker.headers,
    );
    expect(crossed.status).toBe(404);
    expect(JSON.stringify(await db().select().from(mailPieces).where(eq(mailPieces.sendId, sendId)))).toBe(before);
  });

  it("a stop puts the address on the mailing workspace's list only: another workspace still mails it", async () => {
    const first = (await mailer())!;
    const second = (await mailer())!;
    const list = rows();
    const { sendId } = (await (await printRun(first.headers, list)).json()) as { sendId: string };
    const [, line] = await csvOf(first.headers, sendId);
    const code = new URL(line!.at(-1)!).pathname.split('/').at(-1)!;
    expect((await sendJson(app(), 'POST', '/api/public/mail/stop', {}, { code })).status).toBe(200);
    expect(await (await printRun(first.headers, [list[0]!])).json()).toMatchObject({ code: 'nothing-to-mail' });
    expect(await (await printRun(second.headers, [list[0]!])).json()).toMatchObject({ pieces: 1, skipped: [] });
  });

  describe('who may print', () => {
    it('refuses a Free workspace, a Viewer and a member without bulk rights, with nothing stored', async () => {
      const free = await signUpTestUser(app());
      await mailer(free.user.id);
      await setWorkspacePlan(db(), free.user.id, 'free');
      const { workspaceId, join } = await newTestWorkspace(app(), db());
      await setWorkspacePlan(db(), workspaceId, 'pro');
      const viewer = await join('viewer');
      const acquisitions = await join('acquisitions');
      const switched = await join('acquisitions', { mayBulkSendAndExport: true });
      for (const member of [viewer, acquisitions, switched]) {
        await markEmailVerified(db(), member.user.id);
        await mailer(workspaceId, member.user.id);
      }
      const refusals = [
        [free, 403, 'pro-only'],
        [viewer, 403, 'not-allowed'],
        [acquisitions, 403, 'not-allowed'],
      ] as const;
      for (const [member, status, code] of refusals) {
        const response = await printRun(member.headers);
        expect(response.status).toBe(status);
        expect(await response.json()).toMatchObject({ code });
      }
      expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, workspaceId))).toEqual([]);
      expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, free.user.id))).toEqual([]);
      // A member switched to bulk send may, signed by their own profile in the workspace.
      expect((await printRun(switched.headers)).status).toBe(201);
    });

    it('refuses a sender without a phone in their profile: every piece says how to call and stop', async () => {
      const owner = await verifiedProOwner(app(), db());
      await db().insert(wholesalerProfiles).values({
        workspaceId: owner.user.id,
        userId: owner.user.id,
        company: 'Lee Homes',
        postalAddress: '1 Main St, Austin, TX 78701',
      });
      const response = await printRun(owner.headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'phone-required' });
    });
  });

  it("prints the workspace's own disclosure on every piece; a link in it, or a profile edited to carry one, is refused", async () => {
    const owner = (await mailer())!;
    const disclosure = 'We are licensed real estate investors and may profit from buying your home.';
    const saved = await sendJson(app(), 'PUT', '/api/mail/disclosure', owner.headers, { text: disclosure });
    expect(saved.status).toBe(200);
    const refused = await sendJson(app(), 'PUT', '/api/mail/disclosure', owner.headers, { text: 'See evil.example/x' });
    expect(refused.status).toBe(400);
    const read = await sendJson(app(), 'GET', '/api/mail/disclosure', owner.headers);
    expect(await read.json()).toEqual({ text: disclosure });
    const { sendId } = (await (await printRun(owner.headers)).json()) as { sendId: string };
    const pdf = await sendJson(app(), 'GET', `/api/mail/print-runs/${sendId}/letters.pdf`, owner.headers);
    const { text } = await readPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text.replace(/\s+/g, ' ')).toContain(disclosure);
    // A profile that came to carry a link no longer signs a piece.
    await db()
      .update(wholesalerProfiles)
      .set({ company: 'Lee Homes www.evil.example' })
      .where(eq(wholesalerProfiles.workspaceId, owner.user.id));
    const again = await sendJson(app(), 'GET', `/api/mail/print-runs/${sendId}/letters.pdf`, owner.headers);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'profile-link-or-markup' });
  });

  it('limits whole-send downloads and sends per user and hour: past the limit, 429 with Retry-After', async () => {
    const owner = (await mailer())!;
    const { sendId } = (await (await printRun(owner.headers)).json()) as { sendId: string };
    const download = () => sendJson(app(), 'GET', `/api/mail/print-runs/${sendId}/mail-house.csv`, owner.headers);
    for (let request = 1; request < MAIL_SEND_RATE_LIMIT.limit; request++) expect((await download()).status).toBe(200);
    const refused = await download();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ code: 'rate-limited' });
    const sends = await db().select().from(mailSends).where(eq(mailSends.workspaceId, owner.user.id));
    expect((await printRun(owner.headers)).status).toBe(429);
    expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, owner.user.id))).toHaveLength(
      sends.length,
    );
  });

  it('refuses hostile bodies with a clear message, storing nothing', async () => {
    const owner = (await mailer())!;
    const [maria] = rows();
    const hostile: [unknown[], RegExp][] = [
      [[{ ...maria, firstName: 'Visit https://evil.example' }], /links/i],
      [[{ ...maria, mailingAddress: { ...maria!.mailingAddress!, street: '<b>1 Main</b>' } }], /links/i],
      [[{ ...maria, state: 'Texas' }], /two letters/i],
      [[{ ...maria, zip: '7870' }], /5 or 9 digits/i],
      [[{ ...maria, marketValue: 1 }], /too low/i],
      [[{ ...maria, repairs: -5 }], /./],
      [[], /select at least one/i],
    ];
    for (const [properties, message] of hostile) {
      const response = await printRun(owner.headers, properties);
      expect(response.status).toBe(400);
      expect((await response.json()) as { error: string }).toMatchObject({
        error: expect.stringMatching(message) as string,
      });
    }
    const notAnArray = await sendJson(
      app(),
      'POST',
      '/api/mail/print-runs',
      owner.headers,
      '{"template":1,"properties":"x"}',
    );
    expect(notAnArray.status).toBe(400);
    expect(await db().select().from(mailSends).where(eq(mailSends.workspaceId, owner.user.id))).toEqual([]);
    expect(await db().select().from(offerLinks).where(eq(offerLinks.workspaceId, owner.user.id))).toEqual([]);
    expect(await db().select().from(mailShortCodes).where(eq(mailShortCodes.workspaceId, owner.user.id))).toEqual([]);
    const stop = await sendJson(app(), 'POST', '/api/public/mail/stop', {}, { code: 'ABCDE-FGHJK' });
    expect(stop.status).toBe(404);
  });
});
