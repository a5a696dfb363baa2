// Issue 39 §6–7: a deal's buyer offers side by side, the primary and backup buyers chosen from
// them, the buyer's earnest money, the sale (the lead Closed through its pipeline) and the fee
// ledger; each role's rights, and another workspace's (or another lead's) ids refused with nothing
// changed. On both databases.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositionMessages } from '#domain/deals/disposition-requests.ts';
import { computeFeeLedger } from '#domain/deals/fee-ledger.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { freshClientAddress, sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { buyerOffers, buyers, dealTerms, leadEvents, leads } from '../db/schema';
import { createWorkspaceChangeFeed } from '../events/workspace-change-feed';
import { createFileStorage } from '../storage/create-file-storage';
import type { readDealDispositions } from './read-deal-dispositions';

type Dispositions = Awaited<ReturnType<typeof readDealDispositions>>;
type Headers = Record<string, string>;

const pdf = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dispositions-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describeEachDatabase('dispositions: buyer offers, the sale and the fee ledger', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1', DATA_DIR: dataDir });
  });
  const db = () => database().db;

  const send = (headers: Headers, method: string, route: string, body?: unknown) =>
    sendJson(app, method, `/api/dispositions${route}`, headers, body);
  const read = async (headers: Headers, leadId: string) => {
    const response = await send(headers, 'GET', `/${leadId}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Dispositions;
  };

  /** A lead of the workspace under contract at $150,000 (or `status`, without terms when contractPrice is null). */
  async function contractedLead(
    workspaceId: string,
    {
      status = 'under-contract' as 'under-contract' | 'negotiating' | 'closed',
      contractPrice = 150_000 as number | null,
    } = {},
  ) {
    const [lead] = await db()
      .insert(leads)
      .values({
        workspaceId,
        source: 'shared-link',
        address: '88 Birch Ln, Austin, TX 78702',
        name: 'Sam Seller',
        email: 'sam@example.com',
        responseKind: 'accepted',
        status,
        marketValue: 260_000,
        offerLow: 120_000,
        offerHigh: 140_000,
      })
      .returning({ id: leads.id });
    if (contractPrice !== null) {
      await db().insert(dealTerms).values({ leadId: lead!.id, workspaceId, contractPrice, contractDate: '2026-11-01' });
    }
    return lead!.id;
  }

  /** A buyer of the workspace and their offer on the lead (as the buyer's deal page records it), with a stored proof file when `proof`. */
  async function offerOn(
    workspaceId: string,
    leadId: string,
    {
      name = 'Ann Buyer',
      amount = 172_500,
      proofAmount = 200_000 as number | null,
      proof = true,
      at = new Date(),
    } = {},
  ) {
    const [buyer] = await db().insert(buyers).values({ workspaceId, name }).returning({ id: buyers.id });
    const key = proof ? `proofs-of-funds/${crypto.randomUUID()}.pdf` : null;
    if (key) await createFileStorage({ DATA_DIR: dataDir }).put(key, pdf, 'application/pdf');
    const [offer] = await db()
      .insert(buyerOffers)
      .values({
        workspaceId,
        leadId,
        buyerId: buyer!.id,
        amount,
        proofOfFundsFileKey: key,
        proofOfFundsContentType: key ? 'application/pdf' : null,
        proofOfFundsAmount: proofAmount,
        contactName: name,
        contactEmail: 'buyer@example.com',
        createdAt: at,
      })
      .returning({ id: buyerOffers.id });
    return offer!.id;
  }

  const termsOf = async (leadId: string) =>
    (await db().select().from(dealTerms).where(eq(dealTerms.leadId, leadId)))[0];
  const leadOf = async (leadId: string) => (await db().select().from(leads).where(eq(leads.id, leadId)))[0];

  it('shows the offers side by side, newest first, with their proof of funds and whether it backs each', async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, db());
    const leadId = await contractedLead(workspaceId);
    const ann = await offerOn(workspaceId, leadId, {
      name: 'Ann Buyer',
      amount: 172_500,
      proofAmount: 200_000,
      at: new Date('2026-11-20T15:00:00Z'),
    });
    const bob = await offerOn(workspaceId, leadId, {
      name: 'Bob Buyer',
      amount: 180_000,
      proofAmount: 150_000,
      at: new Date('2026-11-21T15:00:00Z'),
    });
    const cy = await offerOn(workspaceId, leadId, {
      name: 'Cy Buyer',
      amount: 160_000,
      proofAmount: null,
      proof: false,
      at: new Date('2026-11-22T15:00:00Z'),
    });

    const seen = await read(owner.headers, leadId);
    expect(
      seen.offers.map((offer) => [offer.id, offer.buyerName, offer.amount, offer.hasProofFile, offer.proofCovers]),
    ).toEqual([
      [cy, 'Cy Buyer', 160_000, false, false],
      [bob, 'Bob Buyer', 180_000, true, false],
      [ann, 'Ann Buyer', 172_500, true, true],
    ]);
    expect(seen.offers[0]?.receivedAt).toBe('2026-11-22T15:00:00.000Z');
    expect(seen).toMatchObject({ primaryOfferId: null, backupOfferId: null, sale: null });
    expect(seen.ledger).toMatchObject({ contractPrice: 150_000, fee: null, netFee: null });

    // The proof file comes through the route only, as an attachment.
    const file = await app.request(`/api/dispositions/${leadId}/offers/${ann}/proof-of-funds`, {
      headers: { ...owner.headers, 'x-forwarded-for': freshClientAddress() },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    const none = await send(owner.headers, 'GET', `/${leadId}/offers/${cy}/proof-of-funds`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: dispositionMessages.proofNotFound });
  });

  it("announces a buyer's new offer on the workspace's live feed, as 'buyer_offers'", async () => {
    const { workspaceId, owner } = await newTestWorkspace(app, db());
    const leadId = await contractedLead(workspaceId);
    const feed = createWorkspaceChangeFeed(database());
    try {
      const heard = new Promise<unknown>((resolve, reject) => {
        setTimeout(() => reject(new Error('no buyer offer announced (waited 10 s)')), 10_000);
        void feed
          .subscribe({ workspaceId, userId: owner.user.id }, (change) => {
            if (change.table === 'buyer_offers') resolve(change);
          })
          .then(() => offerOn(workspaceId, leadId))
          .catch(reject);
      });
      expect(await heard).toEqual({ workspaceId, table: 'buyer_offers' });
    } finally {
      await feed.close();
    }
  });

  it('chooses a primary and a backup buyer, clears them, and refuses one offer for both', async () => {
    const { join, workspaceId } = await newTestWorkspace(app, db());
    const dispositions = await join('dispositions');
    const leadId = await contractedLead(workspaceId);
    const ann = await offerOn(workspaceId, leadId, { name: 'Ann Buyer', amount: 172_500 });
    const bob = await offerOn(workspaceId, leadId, { name: 'Bob Buyer', amount: 168_000 });

    const chosen = await send(dispositions.headers, 'PUT', `/${leadId}/buyers`, {
      primaryOfferId: ann,
      backupOfferId: bob,
    });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const seen = await read(dispositions.headers, leadId);
    expect(seen).toMatchObject({ primaryOfferId: ann, backupOfferId: bob });
    // Before the sale, the primary buyer's offer shows the fee it would bring.
    expect(seen.ledger).toMatchObject({ salePrice: 172_500, projected: true, fee: 22_500 });

    const twice = await send(dispositions.headers, 'PUT', `/${leadId}/buyers`, {
      primaryOfferId: bob,
      backupOfferId: bob,
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: dispositionMessages.sameBuyerTwice });
    expect(await termsOf(leadId)).toMatchObject({ primaryBuyerOfferId: ann, backupBuyerOfferId: bob });

    const cleared = await send(dispositions.headers, 'PUT', `/${leadId}/buyers`, {
      primaryOfferId: null,
      backupOfferId: null,
    });
    expect(cleared.status).toBe(200);
    expect(await termsOf(leadId)).toMatchObject({ primaryBuyerOfferId: null, backupBuyerOfferId: null });
  });

  it('records the earnest money and costs, then marks the deal assigned: Closed through the pipeline, the fee in the ledger', async () => {
    const { owner, join, workspaceId } = await newTestWorkspace(app, db());
    const manager = await join('manager');
    const leadId = await contractedLead(workspaceId);
    const ann = await offerOn(workspaceId, leadId, { amount: 172_500 });
    expect(
      (await send(manager.headers, 'PUT', `/${leadId}/buyers`, { primaryOfferId: ann, backupOfferId: null })).status,
    ).toBe(200);

    const earnest = await send(manager.headers, 'PUT', `/${leadId}/earnest-money`, {
      amount: 5_000,
      receivedOn: '2026-11-20',
    });
    expect(earnest.status, await earnest.clone().text()).toBe(200);
    const costs = { marketingCost: 350, earnestMoneyLost: null, closingCosts: 4_000 };
    expect((await send(manager.headers, 'PUT', `/${leadId}/costs`, costs)).status).toBe(200);
    const sale = await send(manager.headers, 'PUT', `/${leadId}/sale`, {
      disposition: 'assigned',
      price: 172_500,
      disposedOn: '2026-11-25',
    });
    expect(sale.status, await sale.clone().text()).toBe(200);
    expect(await sale.json()).toMatchObject({ disposition: 'assigned', price: 172_500, fee: 22_500 });

    const expected = computeFeeLedger({
      contractPrice: 150_000,
      disposition: 'assigned',
      dispositionPrice: 172_500,
      primaryOfferAmount: 172_500,
      ...costs,
    });
    const seen = await read(owner.headers, leadId);
    expect(seen.ledger).toEqual(expected);
    expect(seen.ledger).toMatchObject({ fee: 22_500, netFee: 22_150, projected: false });
    expect(seen.earnestMoney).toEqual({ asked: null, received: 5_000, receivedOn: '2026-11-20' });
    expect(seen.sale).toEqual({ disposition: 'assigned', price: 172_500, disposedOn: '2026-11-25' });
    expect(await termsOf(leadId)).toMatchObject({ closedOn: '2026-11-25', amountReceived: 22_500 });
    // The pipeline's own status change: the lead is Closed, with its history event by the manager.
    expect((await leadOf(leadId))?.status).toBe('closed');
    const history = await db()
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'status')));
    expect(history.map((event) => [event.fromStatus, event.toStatus, event.actorUserId])).toEqual([
      ['under-contract', 'closed', manager.user.id],
    ]);

    // Corrected as a double close: the closing costs now count, the lead stays Closed (no second event).
    const corrected = await send(manager.headers, 'PUT', `/${leadId}/sale`, {
      disposition: 'double-closed',
      price: 190_000,
      disposedOn: '2026-11-26',
    });
    expect(corrected.status).toBe(200);
    expect((await read(owner.headers, leadId)).ledger).toMatchObject({ fee: 40_000, netFee: 35_650 });
    expect(
      await db()
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'status'))),
    ).toHaveLength(1);
  });

  it('refuses a deal not under contract (409) and a sale before the contract price is known', async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, db());
    const early = await contractedLead(workspaceId, { status: 'negotiating', contractPrice: null });
    const sale = { disposition: 'assigned', price: 172_500, disposedOn: '2026-11-25' };
    const refused = await send(owner.headers, 'PUT', `/${early}/sale`, sale);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: dispositionMessages.notUnderContract });
    const noPrice = await contractedLead(workspaceId, { contractPrice: null });
    const unpriced = await send(owner.headers, 'PUT', `/${noPrice}/sale`, sale);
    expect(unpriced.status).toBe(409);
    expect(await unpriced.json()).toMatchObject({ error: dispositionMessages.contractPriceFirst });
    expect((await leadOf(noPrice))?.status).toBe('under-contract');
    expect(await termsOf(early)).toBeUndefined();
  });

  describe('hostile requests', () => {
    it("answers another workspace's lead and offers as not found, with nothing changed", async () => {
      const victim = await newTestWorkspace(app, db());
      const attacker = await newTestWorkspace(app, db());
      const victimLead = await contractedLead(victim.workspaceId);
      const victimOffer = await offerOn(victim.workspaceId, victimLead, { amount: 172_500 });
      const attackerLead = await contractedLead(attacker.workspaceId);
      const before = { terms: await termsOf(victimLead), lead: await leadOf(victimLead) };
      const attackerBefore = await termsOf(attackerLead);
      const headers = attacker.owner.headers;

      for (const [method, route, body] of [
        ['GET', `/${victimLead}`, undefined],
        ['PUT', `/${victimLead}/buyers`, { primaryOfferId: victimOffer, backupOfferId: null }],
        ['PUT', `/${victimLead}/earnest-money`, { amount: 1, receivedOn: '2026-11-20' }],
        ['PUT', `/${victimLead}/costs`, { marketingCost: 1, earnestMoneyLost: 1, closingCosts: 1 }],
        ['PUT', `/${victimLead}/sale`, { disposition: 'assigned', price: 1, disposedOn: '2026-11-20' }],
        ['GET', `/${victimLead}/offers/${victimOffer}/proof-of-funds`, undefined],
        // The victim's offer named on the attacker's own lead.
        ['PUT', `/${attackerLead}/buyers`, { primaryOfferId: victimOffer, backupOfferId: null }],
        ['GET', `/${attackerLead}/offers/${victimOffer}/proof-of-funds`, undefined],
      ] as const) {
        const response = await send(headers, method, route, body);
        expect(response.status, `${method} ${route}`).toBe(404);
        expect(await response.text()).not.toContain('PDF');
      }
      expect({ terms: await termsOf(victimLead), lead: await leadOf(victimLead) }).toEqual(before);
      expect(await termsOf(attackerLead)).toEqual(attackerBefore);
      // The same requests by the victim's own Owner are answered: the 404s were the workspace's boundary.
      expect((await send(victim.owner.headers, 'GET', `/${victimLead}`)).status).toBe(200);
      const own = await send(victim.owner.headers, 'GET', `/${victimLead}/offers/${victimOffer}/proof-of-funds`);
      expect(own.status).toBe(200);
    });

    it('refuses an offer made on another lead of the workspace as the primary or backup buyer', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, db());
      const leadId = await contractedLead(workspaceId);
      const otherLead = await contractedLead(workspaceId);
      const mine = await offerOn(workspaceId, leadId);
      const elsewhere = await offerOn(workspaceId, otherLead, { name: 'Other Buyer' });
      const before = await termsOf(leadId);
      for (const choice of [
        { primaryOfferId: elsewhere, backupOfferId: null },
        { primaryOfferId: mine, backupOfferId: elsewhere },
      ]) {
        const refused = await send(owner.headers, 'PUT', `/${leadId}/buyers`, choice);
        expect(refused.status).toBe(404);
        expect(await refused.json()).toMatchObject({ error: dispositionMessages.offerNotFound });
      }
      expect(await termsOf(leadId)).toEqual(before);
      // The lead's own offer is taken.
      const own = await send(owner.headers, 'PUT', `/${leadId}/buyers`, { primaryOfferId: mine, backupOfferId: null });
      expect(own.status).toBe(200);
      expect(await termsOf(leadId)).toMatchObject({ primaryBuyerOfferId: mine });
    });

    it('lets Viewers read but not write, and Acquisitions read only once the Owner shares the buyers', async () => {
      const { owner, join, workspaceId } = await newTestWorkspace(app, db());
      const viewer = await join('viewer');
      const acquisitions = await join('acquisitions');
      const leadId = await contractedLead(workspaceId);
      const offer = await offerOn(workspaceId, leadId);
      const before = await termsOf(leadId);

      expect((await send(viewer.headers, 'GET', `/${leadId}`)).status).toBe(200);
      for (const [action, body] of [
        ['buyers', { primaryOfferId: offer, backupOfferId: null }],
        ['earnest-money', { amount: 5_000, receivedOn: '2026-11-20' }],
        ['costs', { marketingCost: 1, earnestMoneyLost: null, closingCosts: null }],
        ['sale', { disposition: 'assigned', price: 172_500, disposedOn: '2026-11-25' }],
      ] as const) {
        for (const who of [viewer, acquisitions]) {
          const refused = await send(who.headers, 'PUT', `/${leadId}/${action}`, body);
          expect(refused.status, action).toBe(403);
        }
      }
      expect(await termsOf(leadId)).toEqual(before);
      expect((await leadOf(leadId))?.status).toBe('under-contract');

      expect((await send(acquisitions.headers, 'GET', `/${leadId}`)).status).toBe(403);
      expect(
        (await sendJson(app, 'PUT', '/api/buyers/settings', owner.headers, { acquisitionsSeeBuyers: true })).status,
      ).toBe(200);
      expect((await send(acquisitions.headers, 'GET', `/${leadId}`)).status).toBe(200);
      const stillRefused = await send(acquisitions.headers, 'PUT', `/${leadId}/buyers`, {
        primaryOfferId: offer,
        backupOfferId: null,
      });
      expect(stillRefused.status).toBe(403);
      expect(await stillRefused.json()).toMatchObject({ error: workspaceMessages.notAllowed });
    });

    it('refuses malformed, forged and oversized bodies with a clear 400 or 413, nothing changed', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, db());
      const leadId = await contractedLead(workspaceId);
      const offer = await offerOn(workspaceId, leadId);
      const before = { terms: await termsOf(leadId), lead: await leadOf(leadId) };
      for (const [action, body] of [
        ['buyers', '{"primaryOfferId":'],
        ['buyers', { primaryOfferId: "x' or 1=1 --", backupOfferId: null }],
        ['buyers', { primaryOfferId: offer, backupOfferId: null, workspaceId: 'someone-else' }],
        ['buyers', { primaryOfferId: null, backupOfferId: offer }],
        ['earnest-money', { amount: -5, receivedOn: '2026-11-20' }],
        ['earnest-money', { amount: 1e13, receivedOn: '2026-11-20' }],
        ['earnest-money', { amount: 5_000, receivedOn: '2026-13-45' }],
        ['costs', { marketingCost: 'lots', earnestMoneyLost: null, closingCosts: null }],
        ['sale', { disposition: 'given-away', price: 1, disposedOn: '2026-11-20' }],
        ['sale', { disposition: 'assigned', price: 0.001, disposedOn: '2026-11-20' }],
        ['sale', []],
      ] as const) {
        const refused = await send(owner.headers, 'PUT', `/${leadId}/${action}`, body);
        expect(refused.status, `${action} ${JSON.stringify(body)}`).toBe(400);
        const answer = (await refused.json()) as { error: string };
        expect(answer.error).toEqual(expect.any(String));
        expect(answer.error).not.toMatch(/at .*\.ts|stack/i);
      }
      const huge = await send(owner.headers, 'PUT', `/${leadId}/costs`, {
        marketingCost: 1,
        earnestMoneyLost: null,
        closingCosts: null,
        padding: 'x'.repeat(100_000),
      });
      expect(huge.status).toBe(413);
      // A path that is no lead id is simply not found.
      expect(
        (
          await send(owner.headers, 'PUT', `/not-a-lead/costs`, {
            marketingCost: 1,
            earnestMoneyLost: null,
            closingCosts: null,
          })
        ).status,
      ).toBe(404);
      expect({ terms: await termsOf(leadId), lead: await leadOf(leadId) }).toEqual(before);
    });
  });
});
