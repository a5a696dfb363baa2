// Issue 39 §4–5: a deal sent to the buyers a member chose (once each, proven buyers first, through
// the sending policy), the buyer's own page /deal/{token} (expiring, unguessable, private) and the
// offer they answer with, proof of funds checked by content; each role's rights, and another
// workspace's requests refused with nothing changed. On both databases.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { dealPageMessages, FIRST_LOOK_HOURS } from '#domain/deals/buyer-listing.ts';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { SENDER_POSTAL_ADDRESS } from '#tests/support/bulk-sender.ts';
import { freshClientAddress, sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { markEmailVerified } from '#tests/support/test-users.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import {
  buyerOffers,
  buyers,
  dealLinks,
  dealTerms,
  emailOutbox,
  emailUnsubscribes,
  leads,
  wholesalerProfiles,
} from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { DEAL_OFFER_PER_LINK_RATE_LIMIT } from './deal-links-routes';

type TestApp = ReturnType<typeof createTestApp>;
type Headers = Record<string, string>;

const HOUR_MS = 60 * 60 * 1000;
const CONTRACT_PRICE = 143_217;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describeEachDatabase('sending deals and the buyer’s deal page', (database) => {
  let app: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'deal-links-test-'));
    dataDirs.push(dataDir);
    app = createTestApp(database(), { TRUST_PROXY: '1', DATA_DIR: dataDir });
  });
  const db = () => database().db;

  const send = (headers: Headers, method: string, route: string, body?: unknown) =>
    sendJson(app, method, `/api/deal-links${route}`, headers, body);
  const sendDeal = (headers: Headers, leadId: string, buyerIds: string[]) =>
    send(headers, 'POST', '/send', { leadId, buyerIds });

  /** The member may e-mail buyers: a verified account and a postal address in the workspace's profile. */
  async function makeSender(workspaceId: string, userId: string) {
    await markEmailVerified(db(), userId);
    await db()
      .insert(wholesalerProfiles)
      .values({
        workspaceId,
        userId,
        displayName: 'Ann Lee',
        company: 'Lee Homes',
        postalAddress: SENDER_POSTAL_ADDRESS,
      })
      .onConflictDoUpdate({
        target: [wholesalerProfiles.workspaceId, wholesalerProfiles.userId],
        set: { postalAddress: SENDER_POSTAL_ADDRESS },
      });
  }

  /** A lead of the workspace under contract with the seller at CONTRACT_PRICE. */
  async function contractedLead(workspaceId: string, status: 'under-contract' | 'closed' | 'new' = 'under-contract') {
    const [lead] = await db()
      .insert(leads)
      .values({
        workspaceId,
        source: 'shared-link',
        address: `${randomUUID().slice(0, 4)} Birch Ln, Austin, TX 78702`,
        name: 'Sam Seller',
        email: 'sam@example.com',
        responseKind: 'accepted',
        status,
        marketValue: 260_000,
        offerLow: 120_000,
        offerHigh: 140_000,
      })
      .returning({ id: leads.id });
    await db().insert(dealTerms).values({ leadId: lead!.id, workspaceId, contractPrice: CONTRACT_PRICE });
    return lead!.id;
  }

  async function buyer(workspaceId: string, name: string, email: string | null, extra: { optedOut?: boolean } = {}) {
    const [row] = await db()
      .insert(buyers)
      .values({
        workspaceId,
        name,
        email,
        emailKey: email,
        optedOutAt: extra.optedOut ? new Date() : null,
      })
      .returning({ id: buyers.id });
    return row!.id;
  }

  /** A buyer who was the primary buyer of a deal of the workspace that was assigned: a proven buyer. */
  async function makeProven(workspaceId: string, buyerId: string) {
    const pastLead = await contractedLead(workspaceId, 'closed');
    const [offer] = await db()
      .insert(buyerOffers)
      .values({ workspaceId, leadId: pastLead, buyerId, amount: 150_000, contactName: 'Past' })
      .returning({ id: buyerOffers.id });
    await db()
      .update(dealTerms)
      .set({ primaryBuyerOfferId: offer!.id, disposition: 'assigned' })
      .where(eq(dealTerms.leadId, pastLead));
  }

  /** A workspace whose Owner may send, with a lead under contract and its buyers. */
  async function dealWithBuyers() {
    const workspace = await newTestWorkspace(app, db());
    const { owner, workspaceId } = workspace;
    await makeSender(workspaceId, owner.user.id);
    const leadId = await contractedLead(workspaceId);
    return { ...workspace, leadId };
  }

  const outboxTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  const linksOf = (leadId: string) => db().select().from(dealLinks).where(eq(dealLinks.leadId, leadId));
  const tokenIn = (text: string) => /\/deal\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  /** The buyer's token, read back from the e-mail they were sent. */
  async function tokenMailedTo(address: string) {
    const [mail] = await outboxTo(address);
    const token = tokenIn(mail?.text ?? '');
    if (!token) throw new Error(`no deal link was mailed to ${address}`);
    return token;
  }

  const publicDeal = (token: string) =>
    app.request(`/api/public/deals/${token}`, { headers: { 'x-forwarded-for': freshClientAddress() } });

  function offerForm(fields: Record<string, string>, file?: { bytes: Uint8Array; type: string; name: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('proofOfFunds', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return form;
  }
  const answer = (token: string, form: FormData, clientAddress = freshClientAddress()) =>
    app.request(`/api/public/deals/${token}/offers`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': clientAddress },
    });
  const offerFields = { amount: '$151,000', proofOfFundsAmount: '300000', name: 'Bo Buyer', email: 'bo@example.com' };
  const storedProofs = () => readdir(path.join(dataDir, 'files', 'proof-of-funds')).catch(() => [] as string[]);

  describe('sending', () => {
    it('e-mails each chosen buyer once: proven buyers now, the rest after the first look, the others refused with a reason', async () => {
      const { owner, workspaceId, leadId } = await dealWithBuyers();
      const tag = randomUUID().slice(0, 8);
      const proven = await buyer(workspaceId, 'Ada Proven', `ada-${tag}@example.com`);
      await makeProven(workspaceId, proven);
      const fresh = await buyer(workspaceId, 'Ben Fresh', `ben-${tag}@example.com`);
      const phoneOnly = await buyer(workspaceId, 'Cy Phone', null);
      const optedOut = await buyer(workspaceId, 'Di Out', `di-${tag}@example.com`, { optedOut: true });
      const unsubscribed = await buyer(workspaceId, 'Ed Unsub', `ed-${tag}@example.com`);
      await db()
        .insert(emailUnsubscribes)
        .values({ email: `ed-${tag}@example.com` });

      const before = Date.now();
      const response = await sendDeal(owner.headers, leadId, [proven, fresh, phoneOnly, optedOut, unsubscribed]);
      expect(response.status, await response.clone().text()).toBe(200);
      const { sent, refused } = (await response.json()) as {
        sent: { buyerId: string; sendAt: string; firstLook: boolean }[];
        refused: { buyerId: string; reason: string; message: string }[];
      };
      expect(sent.map((buyer) => [buyer.buyerId, buyer.firstLook])).toEqual([
        [proven, true],
        [fresh, false],
      ]);
      expect(Object.fromEntries(refused.map((buyer) => [buyer.buyerId, buyer.reason]))).toEqual({
        [phoneOnly]: 'no-email',
        [optedOut]: 'opted-out',
        [unsubscribed]: 'sending-policy',
      });
      expect(refused.find((buyer) => buyer.buyerId === phoneOnly)?.message).toBe('Cy Phone has no e-mail address');

      const [provenMail] = await outboxTo(`ada-${tag}@example.com`);
      const [freshMail] = await outboxTo(`ben-${tag}@example.com`);
      expect(provenMail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(freshMail!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + FIRST_LOOK_HOURS * HOUR_MS - 1000);
      for (const mail of [provenMail!, freshMail!]) {
        expect(mail.purpose).toBe('deal-to-buyer');
        expect(mail.text).toMatch(/\/unsubscribe\?token=/);
        expect(mail.text).toContain(SENDER_POSTAL_ADDRESS);
        expect(mail.headers?.['List-Unsubscribe']).toMatch(/one-click/);
        expect(mail.text).not.toContain('143,217');
        expect(tokenIn(mail.text)).toBeDefined();
      }
      expect(await outboxTo(`di-${tag}@example.com`)).toEqual([]);
      expect(await outboxTo(`ed-${tag}@example.com`)).toEqual([]);
      // Only the hash of each buyer's token is kept.
      const links = await linksOf(leadId);
      expect(links).toHaveLength(2);
      for (const link of links) expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);

      // Sent again (a retry, a double click): nobody gets a second e-mail.
      const again = (await (await sendDeal(owner.headers, leadId, [proven, fresh])).json()) as {
        sent: unknown[];
        refused: { reason: string }[];
      };
      expect(again.sent).toEqual([]);
      expect(again.refused.map((buyer) => buyer.reason)).toEqual(['already-sent', 'already-sent']);
      expect(await outboxTo(`ada-${tag}@example.com`)).toHaveLength(1);
      expect(await outboxTo(`ben-${tag}@example.com`)).toHaveLength(1);

      // A buyer added to the send later still waits for the end of the proven buyer's first look.
      const late = await buyer(workspaceId, 'Fay Late', `fay-${tag}@example.com`);
      expect((await sendDeal(owner.headers, leadId, [late])).status).toBe(200);
      const [lateMail] = await outboxTo(`fay-${tag}@example.com`);
      expect(lateMail!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + FIRST_LOOK_HOURS * HOUR_MS - 1000);
    });

    it('sends a buyer the deal exactly once when two sends race, at once when no proven buyer has a first look', async () => {
      const { owner, workspaceId, leadId } = await dealWithBuyers();
      const email = `race-${randomUUID().slice(0, 8)}@example.com`;
      const racer = await buyer(workspaceId, 'Racer', email);
      const answers = await Promise.all([
        sendDeal(owner.headers, leadId, [racer]),
        sendDeal(owner.headers, leadId, [racer]),
      ]);
      expect(answers.map((response) => response.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((response) => response.json()))) as { sent: unknown[] }[];
      expect(bodies.map((body) => body.sent.length).sort()).toEqual([0, 1]);
      const [mail] = await outboxTo(email);
      expect(mail).toBeDefined();
      expect(await outboxTo(email)).toHaveLength(1);
      // No proven buyer was sent this deal: no first look to wait for, the e-mail goes now.
      expect(mail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(await linksOf(leadId)).toHaveLength(1);
    });

    it('refuses, through the sending policy, a deal whose address carries a link, with nothing queued (issue 25)', async () => {
      const { owner, workspaceId } = await dealWithBuyers();
      const leadId = await contractedLead(workspaceId);
      await db()
        .update(leads)
        .set({ address: 'your account is locked - verify at evil.example/login' })
        .where(eq(leads.id, leadId));
      const email = `probe-${randomUUID().slice(0, 8)}@example.com`;
      const probed = await buyer(workspaceId, 'Pro Be', email);
      const answer = (await (await sendDeal(owner.headers, leadId, [probed])).json()) as {
        sent: unknown[];
        refused: { reason: string; message: string }[];
      };
      expect(answer.sent).toEqual([]);
      expect(answer.refused).toEqual([
        expect.objectContaining({
          reason: 'sending-policy',
          message: sendingPolicyMessages.linkOrMarkup('The property address'),
        }),
      ]);
      expect(await outboxTo(email)).toEqual([]);
      // The refused e-mail's savepoint took its link with it: a later send may still reach the buyer.
      expect(await linksOf(leadId)).toEqual([]);
    });

    it('never sends to a buyer who unsubscribed from a deal e-mail: the buyer is opted out and the waiting e-mail withdrawn', async () => {
      const { owner, workspaceId, leadId } = await dealWithBuyers();
      const email = `leaver-${randomUUID().slice(0, 8)}@example.com`;
      const leaver = await buyer(workspaceId, 'Lee Ver', email);
      expect((await sendDeal(owner.headers, leadId, [leaver])).status).toBe(200);
      const [waiting] = await outboxTo(email);
      expect(waiting!.status).toBe('pending');
      const unsubscribeToken = decodeURIComponent(/\/unsubscribe\?token=([^\s"&]+)/.exec(waiting!.text)![1]!);
      const unsubscribed = await sendJson(app, 'POST', '/api/unsubscribe', {}, { token: unsubscribeToken });
      expect(unsubscribed.status).toBe(200);

      const [after] = await outboxTo(email);
      expect(after!.status).toBe('failed');
      const [stored] = await db().select().from(buyers).where(eq(buyers.id, leaver));
      expect(stored!.optedOutAt).not.toBeNull();
      // Another deal later: refused, and nothing queued.
      const nextLead = await contractedLead(workspaceId);
      const next = (await (await sendDeal(owner.headers, nextLead, [leaver])).json()) as {
        sent: unknown[];
        refused: { reason: string }[];
      };
      expect(next.sent).toEqual([]);
      expect(next.refused.map((buyer) => buyer.reason)).toEqual(['opted-out']);
      expect(await outboxTo(email)).toHaveLength(1);
    });
  });

  describe('roles and other workspaces', () => {
    it('answers another workspace’s lead and buyer ids as not found, with nothing changed', async () => {
      const victim = await dealWithBuyers();
      const victimBuyer = await buyer(victim.workspaceId, 'Victim Buyer', `victim-${randomUUID()}@example.com`);
      const attacker = await dealWithBuyers();
      const attackerBuyer = await buyer(attacker.workspaceId, 'Attacker Buyer', `att-${randomUUID()}@example.com`);
      const termsBefore = await db().select().from(dealTerms).where(eq(dealTerms.leadId, victim.leadId));

      const attempts = [
        await sendDeal(attacker.owner.headers, victim.leadId, [attackerBuyer]),
        await sendDeal(attacker.owner.headers, attacker.leadId, [victimBuyer]),
        await send(attacker.owner.headers, 'PUT', `/leads/${victim.leadId}/listing`, { askingPrice: 1 }),
        await send(attacker.owner.headers, 'GET', `/leads/${victim.leadId}`),
      ];
      expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404]);
      expect(await linksOf(victim.leadId)).toEqual([]);
      expect(await linksOf(attacker.leadId)).toEqual([]);
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.senderUserId, attacker.owner.user.id))).toEqual(
        [],
      );
      expect(await db().select().from(dealTerms).where(eq(dealTerms.leadId, victim.leadId))).toEqual(termsBefore);
    });

    it('lets Dispositions set the listing and send; refuses a Viewer, and Acquisitions until the Owner shares buyers', async () => {
      const { owner, workspaceId, leadId, join } = await dealWithBuyers();
      const dispositions = await join('dispositions');
      await makeSender(workspaceId, dispositions.user.id);
      const viewer = await join('viewer');
      const acquisitions = await join('acquisitions');
      const email = `roles-${randomUUID().slice(0, 8)}@example.com`;
      const chosen = await buyer(workspaceId, 'Role Buyer', email);

      const listing = { askingPrice: 185_000, accessNotes: 'Lockbox 4321 on the back door', buyerEarnestMoney: 5000 };
      expect((await send(viewer.headers, 'PUT', `/leads/${leadId}/listing`, listing)).status).toBe(403);
      expect((await sendDeal(viewer.headers, leadId, [chosen])).status).toBe(403);
      expect((await send(acquisitions.headers, 'GET', `/leads/${leadId}`)).status).toBe(403);
      expect(await linksOf(leadId)).toEqual([]);
      const [untouched] = await db().select().from(dealTerms).where(eq(dealTerms.leadId, leadId));
      expect(untouched!.askingPrice).toBeNull();

      const saved = await send(dispositions.headers, 'PUT', `/leads/${leadId}/listing`, listing);
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as { listing: unknown }).listing).toEqual(listing);
      expect((await sendDeal(dispositions.headers, leadId, [chosen])).status).toBe(200);
      expect(await outboxTo(email)).toHaveLength(1);

      // The Viewer reads what was sent; Acquisitions once the Owner shares the buyers.
      const read = (await (await send(viewer.headers, 'GET', `/leads/${leadId}`)).json()) as {
        listing: unknown;
        links: { buyerId: string }[];
      };
      expect(read.listing).toEqual(listing);
      expect(read.links.map((link) => link.buyerId)).toEqual([chosen]);
      await sendJson(app, 'PUT', '/api/buyers/settings', owner.headers, { acquisitionsSeeBuyers: true });
      expect((await send(acquisitions.headers, 'GET', `/leads/${leadId}`)).status).toBe(200);
    });

    it('refuses a listing or a send before the lead is under contract', async () => {
      const { owner, workspaceId } = await dealWithBuyers();
      const early = await contractedLead(workspaceId, 'new');
      const someone = await buyer(workspaceId, 'Early Bird', `early-${randomUUID()}@example.com`);
      const listing = await send(owner.headers, 'PUT', `/leads/${early}/listing`, { askingPrice: 1000 });
      expect(listing.status).toBe(409);
      expect(((await listing.json()) as { error: string }).error).toBe(dealPageMessages.notUnderContract);
      expect((await sendDeal(owner.headers, early, [someone])).status).toBe(409);
      expect(await linksOf(early)).toEqual([]);
    });
  });

  describe('the buyer’s page', () => {
    /** A deal sent to one buyer, with its listing: the buyer's token. */
    async function sentDeal() {
      const deal = await dealWithBuyers();
      const email = `page-${randomUUID().slice(0, 8)}@example.com`;
      const buyerId = await buyer(deal.workspaceId, 'Pat Page', email);
      await send(deal.owner.headers, 'PUT', `/leads/${deal.leadId}/listing`, {
        askingPrice: 185_000,
        accessNotes: 'Lockbox 4321',
        buyerEarnestMoney: 5000,
      });
      expect((await sendDeal(deal.owner.headers, deal.leadId, [buyerId])).status).toBe(200);
      return { ...deal, buyerId, email, token: await tokenMailedTo(email) };
    }

    it('shows the buyer the listing and never the seller’s figures, privately, and records the opening', async () => {
      const { token, leadId } = await sentDeal();
      const response = await publicDeal(token);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const text = await response.text();
      const page = JSON.parse(text) as Record<string, unknown>;
      expect(page).toMatchObject({
        askingPrice: 185_000,
        accessNotes: 'Lockbox 4321',
        earnestMoney: 5000,
        arv: 260_000,
        buyer: { name: 'Pat Page' },
      });
      for (const sellerFigure of [String(CONTRACT_PRICE), '120000', '140000']) expect(text).not.toContain(sellerFigure);
      const [link] = await linksOf(leadId);
      expect(link!.openedAt).not.toBeNull();
    });

    it('answers an edited or unknown token 404 and an expired link 410, with a clear message', async () => {
      const { token, leadId } = await sentDeal();
      const edited = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const wrong of [edited, 'not-a-token', `${token}x`]) {
        const response = await publicDeal(wrong);
        expect(response.status, wrong).toBe(404);
        expect(await response.json()).toMatchObject({ error: dealPageMessages.notFound, code: 'deal-not-found' });
      }
      await db()
        .update(dealLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(dealLinks.leadId, leadId));
      const expired = await publicDeal(token);
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({ error: dealPageMessages.expired, code: 'deal-link-expired' });
      const offered = await answer(token, offerForm(offerFields));
      expect(offered.status).toBe(410);
      expect(await db().select().from(buyerOffers).where(eq(buyerOffers.leadId, leadId))).toEqual([]);
    });

    it('takes an offer with a PDF proof of funds, and serves the file only to the workspace', async () => {
      const { token, leadId, buyerId, owner, workspaceId } = await sentDeal();
      const response = await answer(
        token,
        offerForm(offerFields, { bytes: PDF, type: 'application/pdf', name: 'pof.pdf' }),
      );
      expect(response.status, await response.clone().text()).toBe(201);
      const [offer] = await db().select().from(buyerOffers).where(eq(buyerOffers.leadId, leadId));
      expect(offer).toMatchObject({
        workspaceId,
        buyerId,
        amount: 151_000,
        proofOfFundsAmount: 300_000,
        proofOfFundsContentType: 'application/pdf',
        contactName: 'Bo Buyer',
        contactEmail: 'bo@example.com',
      });
      // The database keeps a proof's type to the four a content check answers, and never a type without a file.
      const forgedType = {
        workspaceId,
        leadId,
        buyerId,
        amount: 1,
        contactName: 'X',
        proofOfFundsFileKey: 'proof-of-funds/x.pdf',
      };
      await expect(
        db()
          .insert(buyerOffers)
          .values({ ...forgedType, proofOfFundsContentType: 'text/html' as 'application/pdf' }),
      ).rejects.toThrow();
      await expect(
        db()
          .insert(buyerOffers)
          .values({ ...forgedType, proofOfFundsFileKey: null, proofOfFundsContentType: 'application/pdf' }),
      ).rejects.toThrow();
      // The sent list counts the buyer's offer; the offer itself, and its file, are the dispositions' to show.
      const listed = (await (await send(owner.headers, 'GET', `/leads/${leadId}`)).json()) as {
        links: { buyerId: string; offers: number }[];
      };
      expect(listed.links).toMatchObject([{ buyerId, offers: 1 }]);
      expect(JSON.stringify(listed)).not.toContain('proof-of-funds/');
      const dispositions = await sendJson(app, 'GET', `/api/dispositions/${leadId}`, owner.headers);
      const { offers } = (await dispositions.json()) as {
        offers: { id: string; amount: number; hasProofFile: boolean }[];
      };
      expect(offers).toMatchObject([{ id: offer!.id, amount: 151_000, hasProofFile: true }]);

      const proofRoute = `/api/dispositions/${leadId}/offers/${offer!.id}/proof-of-funds`;
      const file = await sendJson(app, 'GET', proofRoute, owner.headers);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="proof-of-funds-pat-page.pdf"');
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
      const stranger = await newTestWorkspace(app, db());
      const strangers = await sendJson(app, 'GET', proofRoute, stranger.owner.headers);
      expect(strangers.status).toBe(404);
      expect(Buffer.from(await strangers.arrayBuffer()).includes(PDF)).toBe(false);
      expect((await sendJson(app, 'GET', proofRoute, {})).status).toBe(401);
      // The address that served it from /api/deal-links is gone: one address for an offer's proof.
      expect((await send(owner.headers, 'GET', `/offers/${offer!.id}/proof-of-funds`)).status).toBe(404);
    });

    it('refuses a proof file forged by its name or type, and one over 10 MB, with nothing stored', async () => {
      const { token, leadId } = await sentDeal();
      const filesBefore = await storedProofs();
      const forged = await answer(
        token,
        offerForm(offerFields, { bytes: Buffer.from('MZ not a pdf at all'), type: 'application/pdf', name: 'pof.pdf' }),
      );
      expect(forged.status).toBe(415);
      expect(((await forged.json()) as { error: string }).error).toBe(proofOfFundsMessages.wrongType);
      const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const oversized = await answer(
        token,
        offerForm(offerFields, { bytes: huge, type: 'application/pdf', name: 'big.pdf' }),
      );
      expect(oversized.status).toBe(413);
      expect(((await oversized.json()) as { error: string }).error).toBe(proofOfFundsMessages.tooLarge);
      expect(await db().select().from(buyerOffers).where(eq(buyerOffers.leadId, leadId))).toEqual([]);
      expect(await storedProofs()).toEqual(filesBefore);
    });

    it('refuses a bad offer in the field’s words, and rate-limits a replayed answer per link', async () => {
      const { token, leadId, workspaceId } = await sentDeal();
      const bad = await answer(token, offerForm({ ...offerFields, amount: 'lots' }));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'Your offer must be a positive number', field: 'amount' });
      // Each from a fresh address: the limit is the link's, whoever replays it.
      const statuses: number[] = [];
      for (let at = 0; at <= DEAL_OFFER_PER_LINK_RATE_LIMIT.limit; at++) {
        statuses.push((await answer(token, offerForm(offerFields))).status);
      }
      // The refused one counted too: limits count every request.
      expect(statuses.filter((status) => status === 201).length).toBe(DEAL_OFFER_PER_LINK_RATE_LIMIT.limit - 1);
      expect(statuses.at(-1)).toBe(429);
      const stored = await db()
        .select()
        .from(buyerOffers)
        .where(and(eq(buyerOffers.leadId, leadId), inWorkspace(buyerOffers, workspaceId)));
      expect(stored).toHaveLength(DEAL_OFFER_PER_LINK_RATE_LIMIT.limit - 1);
    });
  });
});
