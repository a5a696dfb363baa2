// Issue 39 parts 1 and 2: a workspace's cash buyers (list, form, CSV import merged by e-mail) and
// the buyers matched to a lead under contract, with each role's rights and another workspace's
// requests refused with nothing changed.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyerMessages, BUYERS_PAGE_SIZE, type BuyerInput } from '#domain/buyers/buyer-request.ts';
import { buyerListReasons } from '#domain/buyers/read-buyer-list.ts';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { buyerColumnMappings, buyerOffers, buyers, dealTerms, leads } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import type { BuyerView } from './buyer-view';
import { matchingMessages } from './match-lead-buyers';

type TestApp = ReturnType<typeof createTestApp>;
type Headers = Record<string, string>;

const ann: BuyerInput = {
  name: 'Ann Lee',
  company: 'Lee Homes',
  email: 'ann@example.com',
  areas: ['78702', 'Austin'],
  propertyTypes: ['single-family'],
  priceMin: 100_000,
  priceMax: 200_000,
  maxRepairs: 50_000,
  strategies: ['flip'],
  proofOfFundsAmount: 300_000,
  proofOfFundsExpiresOn: '2099-12-31',
};

describeEachDatabase('buyers', (database) => {
  let app: TestApp;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const send = (headers: Headers, method: string, path: string, body?: unknown) =>
    sendJson(app, method, `/api/buyers${path}`, headers, body);
  const create = async (headers: Headers, buyer: BuyerInput) => {
    const response = await send(headers, 'POST', '', buyer);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { buyer: BuyerView }).buyer;
  };
  const storedBuyers = (workspaceId: string) =>
    database().db.select().from(buyers).where(inWorkspace(buyers, workspaceId)).orderBy(buyers.name);

  /** A lead of the workspace, under contract at `contractPrice` (null: no deal terms yet). */
  async function contractedLead(
    workspaceId: string,
    {
      status = 'under-contract',
      contractPrice = 150_000 as number | null,
      address = '88 Birch Ln, Austin, TX 78702',
    } = {},
  ) {
    const [lead] = await database()
      .db.insert(leads)
      .values({
        workspaceId,
        source: 'shared-link',
        address,
        name: 'Sam Seller',
        email: 'sam@example.com',
        responseKind: 'accepted',
        status: status as 'under-contract',
        marketValue: 260_000,
        offerLow: 120_000,
        offerHigh: 140_000,
      })
      .returning({ id: leads.id });
    if (contractPrice !== null) {
      await database().db.insert(dealTerms).values({ leadId: lead!.id, workspaceId, contractPrice });
    }
    return lead!.id;
  }

  describe('the list', () => {
    it('lets Dispositions add, search, page, edit, opt out and delete buyers', async () => {
      const { join, workspaceId } = await newTestWorkspace(app, database().db);
      const dispositions = await join('dispositions');
      const created = await create(dispositions.headers, ann);
      expect(created).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', optedOut: false, priceMax: 200_000 });
      for (let at = 0; at < BUYERS_PAGE_SIZE; at++) {
        await create(dispositions.headers, { name: `Buyer ${String(at).padStart(2, '0')}`, phone: '5125550100' });
      }
      const first = (await (await send(dispositions.headers, 'GET', '')).json()) as {
        buyers: BuyerView[];
        total: number;
        nextCursor: string | null;
      };
      expect(first.total).toBe(BUYERS_PAGE_SIZE + 1);
      expect(first.buyers).toHaveLength(BUYERS_PAGE_SIZE);
      const second = (await (
        await send(dispositions.headers, 'GET', `?cursor=${first.nextCursor}`)
      ).json()) as typeof first;
      expect(second.buyers.map((buyer) => buyer.name)).toEqual(['Buyer 49']);
      expect(second.nextCursor).toBeNull();
      const searched = (await (await send(dispositions.headers, 'GET', '?q=austin')).json()) as typeof first;
      expect(searched.buyers.map((buyer) => buyer.id)).toEqual([created.id]);

      const edited = await send(dispositions.headers, 'PUT', `/${created.id}`, { ...ann, priceMax: 250_000 });
      expect(edited.status).toBe(200);
      const optedOut = await send(dispositions.headers, 'POST', `/${created.id}/opt-out`, { optedOut: true });
      expect(((await optedOut.json()) as { buyer: BuyerView }).buyer).toMatchObject({
        optedOut: true,
        priceMax: 250_000,
      });
      expect((await send(dispositions.headers, 'DELETE', `/${created.id}`)).status).toBe(204);
      expect((await storedBuyers(workspaceId)).some((buyer) => buyer.id === created.id)).toBe(false);
    });

    it('keeps one buyer per e-mail, whatever its spelling: a second is a 409', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      await create(owner.headers, { ...ann, email: 'ann.lee@gmail.com' });
      const again = await send(owner.headers, 'POST', '', { ...ann, name: 'Other', email: 'AnnLee+deals@gmail.com' });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: buyerMessages.emailTaken, code: 'buyer-email-taken' });
      const bob = await create(owner.headers, { name: 'Bob', email: 'bob@example.com' });
      const renamed = await send(owner.headers, 'PUT', `/${bob.id}`, { name: 'Bob', email: 'ann.lee@gmail.com' });
      expect(renamed.status).toBe(409);
      expect((await storedBuyers(workspaceId)).map((buyer) => buyer.email)).toEqual([
        'ann.lee@gmail.com',
        'bob@example.com',
      ]);
    });
  });

  describe('CSV import', () => {
    const csv = [
      'Buyer Name,Email,Phone,Zips,Property Type,Max Price,Max Rehab,Strategy,POF,POF Expires',
      'Ann Lee,ann@example.com,512-555-0142,78702,SFR,250000,40000,flip,300000,2099-12-31',
      'Bob Ray,bob@example.com,,Austin,,,,rental,,',
      'No Email,,,78702,,,,,,',
      'Cy,cy@example.com,,78702,castle,,,,,',
      'Ann L.,ANN@example.com,,Round Rock,,,,,,',
    ].join('\n');

    it('adds the valid rows, gives a reason for each refused row, and merges rows and buyers of one e-mail', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      // Already a buyer, opted out: the import updates her and never clears the opt-out.
      const bob = await create(owner.headers, { name: 'Robert', email: 'bob@example.com', notes: 'Met at REIA' });
      await send(owner.headers, 'POST', `/${bob.id}/opt-out`, { optedOut: true });

      const imported = await send(owner.headers, 'POST', '/import', { csv });
      expect(imported.status).toBe(200);
      expect(await imported.json()).toEqual({
        outcome: 'ok',
        added: 1,
        updated: 1,
        mergedRows: 1,
        refused: [
          { row: 4, reason: buyerMessages.reachable },
          { row: 5, reason: buyerListReasons.propertyType('castle') },
        ],
      });
      const stored = await storedBuyers(workspaceId);
      expect(stored.map(({ name, areas, notes, optedOutAt }) => [name, areas, notes, optedOutAt !== null])).toEqual([
        ['Ann L.', ['78702', 'Round Rock'], '', false],
        ['Bob Ray', ['Austin'], 'Met at REIA', true],
      ]);
      expect(stored[0]).toMatchObject({ phone: '5125550142', priceMax: 250_000, proofOfFundsAmount: 300_000 });
    });

    it('asks for the name and e-mail columns it does not recognise, then imports with them', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      const list = 'Investor,Reach\nAnn,ann@example.com\n';
      const asked = await send(owner.headers, 'POST', '/import', { csv: list });
      expect(await asked.json()).toEqual({
        outcome: 'needsMapping',
        headers: ['Investor', 'Reach'],
        samples: [['Ann', 'ann@example.com']],
        fields: ['name', 'email'],
      });
      expect(await storedBuyers(workspaceId)).toEqual([]);
      const mapped = await send(owner.headers, 'POST', '/import', {
        csv: list,
        mapping: { name: 'Investor', email: 'Reach' },
      });
      expect(await mapped.json()).toMatchObject({ outcome: 'ok', added: 1 });
    });

    it('remembers the columns a workspace mapped: its next list with them is not asked again, another workspace’s is', async () => {
      const { owner, workspaceId, join } = await newTestWorkspace(app, database().db);
      const first = 'Investor,Reach,Budget\nAnn,ann@example.com,200k\n';
      const mapped = await send(owner.headers, 'POST', '/import', {
        csv: first,
        mapping: { name: 'Investor', email: 'Reach', priceMax: 'Budget' },
      });
      expect(await mapped.json()).toMatchObject({ outcome: 'ok', added: 1 });
      expect(
        (
          await database()
            .db.select({ column: buyerColumnMappings.column, field: buyerColumnMappings.field })
            .from(buyerColumnMappings)
            .where(inWorkspace(buyerColumnMappings, workspaceId))
            .orderBy(buyerColumnMappings.column)
        ).map(({ column, field }) => `${column} → ${field}`),
      ).toEqual(['budget → priceMax', 'investor → name', 'reach → email']);

      // The next list, spelled its own way and by another member who may import: read with those columns.
      const dispositions = await join('dispositions');
      const next = 'REACH,investor,budget\nbo@example.com,Bo Diaz,150000\n';
      const imported = await send(dispositions.headers, 'POST', '/import', { csv: next });
      expect(await imported.json()).toMatchObject({ outcome: 'ok', added: 1 });
      expect((await storedBuyers(workspaceId)).map(({ name, email, priceMax }) => [name, email, priceMax])).toEqual([
        ['Ann', 'ann@example.com', 200_000],
        ['Bo Diaz', 'bo@example.com', 150_000],
      ]);

      // A column picked now wins over what was remembered, and is remembered in its place.
      const repicked = await send(owner.headers, 'POST', '/import', {
        csv: 'Investor,Reach,Other mail\nCy,cy@example.com,cy.lee@example.com\n',
        mapping: { email: 'Other mail' },
      });
      expect(await repicked.json()).toMatchObject({ outcome: 'ok', added: 1 });
      expect((await storedBuyers(workspaceId)).map(({ email }) => email)).toContain('cy.lee@example.com');

      // Another workspace's list with the same columns is asked about, and changes nothing here.
      const other = await newTestWorkspace(app, database().db);
      const asked = await send(other.owner.headers, 'POST', '/import', { csv: next });
      expect(await asked.json()).toMatchObject({ outcome: 'needsMapping', fields: ['name', 'email'] });
      expect(await storedBuyers(other.workspaceId)).toEqual([]);
    });
  });

  describe('matching', () => {
    it('ranks the buyers whose box fits a lead under contract, with reasons, never one opted out or shut out', async () => {
      const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
      const dispositions = await join('dispositions');
      const leadId = await contractedLead(workspaceId);
      const best = await create(owner.headers, ann);
      const anywhere = await create(owner.headers, { name: 'Any Where', email: 'any@example.com' });
      await create(owner.headers, { name: 'Dallas Only', email: 'dallas@example.com', areas: ['Dallas'] });
      await create(owner.headers, { name: 'Too Cheap', email: 'cheap@example.com', priceMax: 100_000 });
      const gone = await create(owner.headers, { name: 'Opted Out', email: 'gone@example.com' });
      await send(owner.headers, 'POST', `/${gone.id}/opt-out`, { optedOut: true });

      const answer = await send(dispositions.headers, 'GET', `/matching/${leadId}`);
      expect(answer.status).toBe(200);
      const { matches, deal, matched } = (await answer.json()) as {
        matches: { buyerId: string; score: number; reasons: { criterion: string; text: string }[] }[];
        deal: Record<string, unknown>;
        matched: number;
      };
      expect(deal).toMatchObject({
        zip: '78702',
        city: 'Austin',
        price: 150_000,
        priceSource: 'contract',
        arv: 260_000,
      });
      expect(matched).toBe(2);
      expect(matches.map((match) => match.buyerId)).toEqual([best.id, anywhere.id]);
      expect(matches[0]!.score).toBe(75);
      expect(matches[0]!.reasons.map((reason) => reason.text)).toEqual([
        'Buys in 78702',
        'The contract price $150,000 is in their range ($100,000–$200,000)',
        'Repairs not estimated: not checked',
        'Property type not recorded: not checked',
        'Proof of funds $300,000, valid to 2099-12-31',
        'No offers on your deals yet',
      ]);
    });

    it("scores a buyer's past response from their offers on the workspace's other deals and the deals sold to them", async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      const leadId = await contractedLead(workspaceId);
      const pastLead = await contractedLead(workspaceId, { status: 'closed' });
      const box = { ...ann, proofOfFundsAmount: null, proofOfFundsExpiresOn: null };
      const closer = await create(owner.headers, { ...box, name: 'Cal Closer', email: 'cal@example.com' });
      const offerer = await create(owner.headers, { ...box, name: 'Ola Offerer', email: 'ola@example.com' });
      const fresh = await create(owner.headers, { ...box, name: 'Abe Fresh', email: 'abe@example.com' });
      const offer = (lead: string, buyerId: string) =>
        database()
          .db.insert(buyerOffers)
          .values({ workspaceId, leadId: lead, buyerId, amount: 150_000, contactName: 'Past' })
          .returning({ id: buyerOffers.id });
      const [sold] = await offer(pastLead, closer.id);
      await offer(pastLead, offerer.id);
      await offer(pastLead, offerer.id);
      // An offer on the deal being matched is not a past response.
      await offer(leadId, fresh.id);
      await database()
        .db.update(dealTerms)
        .set({ primaryBuyerOfferId: sold!.id, disposition: 'assigned' })
        .where(eq(dealTerms.leadId, pastLead));

      const { matches } = (await (await send(owner.headers, 'GET', `/matching/${leadId}`)).json()) as {
        matches: { buyerId: string; score: number; reasons: { criterion: string; points: number; text: string }[] }[];
      };
      const past = (buyerId: string) =>
        matches
          .find((match) => match.buyerId === buyerId)!
          .reasons.find((reason) => reason.criterion === 'pastResponse');
      expect(matches.map((match) => match.buyerId)).toEqual([closer.id, offerer.id, fresh.id]);
      expect(past(closer.id)).toMatchObject({ points: 10, text: 'Bought 1 deal from you' });
      expect(past(offerer.id)).toMatchObject({ points: 5, text: 'Made 2 offers on your deals' });
      expect(past(fresh.id)).toMatchObject({ points: 0, text: 'No offers on your deals yet' });
      expect(matches[0]!.score - matches[2]!.score).toBe(10);

      // Another workspace's buyer of the same box gains nothing from this workspace's past.
      const other = await newTestWorkspace(app, database().db);
      const otherLead = await contractedLead(other.workspaceId);
      await create(other.owner.headers, { ...box, name: 'Cal Closer', email: 'cal@example.com' });
      const theirs = (await (await send(other.owner.headers, 'GET', `/matching/${otherLead}`)).json()) as {
        matches: { reasons: { criterion: string; points: number }[] }[];
      };
      expect(theirs.matches.map((match) => match.reasons.at(-1))).toEqual([
        expect.objectContaining({ criterion: 'pastResponse', points: 0 }),
      ]);
    });

    it("prices a deal without contract terms at its offer's high end, and says so", async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      const leadId = await contractedLead(workspaceId, { contractPrice: null });
      await create(owner.headers, ann);
      const { deal, matches } = (await (await send(owner.headers, 'GET', `/matching/${leadId}`)).json()) as {
        deal: Record<string, unknown>;
        matches: { reasons: { text: string }[] }[];
      };
      expect(deal).toMatchObject({ price: 140_000, priceSource: 'offer' });
      expect(matches[0]!.reasons[1]!.text).toBe('The offer $140,000 is in their range ($100,000–$200,000)');
    });

    it('matches only leads under contract or closed (409), and answers a lead of another workspace as not found', async () => {
      const { owner, workspaceId } = await newTestWorkspace(app, database().db);
      const newLead = await contractedLead(workspaceId, { status: 'negotiating' });
      const early = await send(owner.headers, 'GET', `/matching/${newLead}`);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ error: matchingMessages.notUnderContract });
      const other = await newTestWorkspace(app, database().db);
      const theirs = await contractedLead(other.workspaceId);
      expect((await send(owner.headers, 'GET', `/matching/${theirs}`)).status).toBe(404);
      expect((await send(owner.headers, 'GET', '/matching/not-a-uuid')).status).toBe(404);
    });
  });

  describe('roles', () => {
    it.each<[WorkspaceRole, number, number]>([
      ['owner', 201, 200],
      ['manager', 201, 200],
      ['dispositions', 201, 200],
      ['viewer', 403, 200],
      ['acquisitions', 403, 403],
    ])('a %s adds buyers (%i) and reads them (%i) while the Owner has not shared them', async (role, adds, reads) => {
      const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
      const someone = role === 'owner' ? owner : await join(role);
      const leadId = await contractedLead(workspaceId);
      expect((await send(someone.headers, 'POST', '', ann)).status).toBe(adds);
      expect((await send(someone.headers, 'GET', '')).status).toBe(reads);
      expect((await send(someone.headers, 'GET', `/matching/${leadId}`)).status).toBe(reads);
    });

    it('lets Acquisitions read (never change) the buyers once the Owner shares them; only the Owner shares', async () => {
      const { owner, join } = await newTestWorkspace(app, database().db);
      const acquisitions = await join('acquisitions');
      const manager = await join('manager');
      const buyer = await create(owner.headers, ann);
      const refused = await send(acquisitions.headers, 'GET', '');
      expect(await refused.json()).toMatchObject({ error: buyerMessages.notShared, code: 'not-allowed' });
      expect((await send(manager.headers, 'PUT', '/settings', { acquisitionsSeeBuyers: true })).status).toBe(403);
      expect(await (await send(owner.headers, 'GET', '/settings')).json()).toEqual({ acquisitionsSeeBuyers: false });

      expect((await send(owner.headers, 'PUT', '/settings', { acquisitionsSeeBuyers: true })).status).toBe(200);
      const list = (await (await send(acquisitions.headers, 'GET', '')).json()) as { buyers: BuyerView[] };
      expect(list.buyers.map((one) => one.id)).toEqual([buyer.id]);
      expect((await send(acquisitions.headers, 'PUT', `/${buyer.id}`, { ...ann, name: 'Changed' })).status).toBe(403);
    });
  });

  describe('hostile requests', () => {
    /** A victim workspace with one buyer, and an attacker Owner of another workspace. */
    async function victimAndAttacker() {
      const victim = await newTestWorkspace(app, database().db);
      const buyer = await create(victim.owner.headers, ann);
      const attacker = await newTestWorkspace(app, database().db);
      const before = await storedBuyers(victim.workspaceId);
      const unchanged = async () => expect(await storedBuyers(victim.workspaceId)).toEqual(before);
      return { victim, buyer, attacker, unchanged };
    }

    it("answers another workspace's buyer ids as not found, with nothing changed", async () => {
      const { buyer, attacker, unchanged } = await victimAndAttacker();
      const asAttacker = attacker.owner.headers;
      for (const [method, path, body] of [
        ['PUT', `/${buyer.id}`, { ...ann, name: 'Hijacked' }],
        ['DELETE', `/${buyer.id}`, undefined],
        ['POST', `/${buyer.id}/opt-out`, { optedOut: true }],
      ] as const) {
        const response = await send(asAttacker, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toMatchObject({ error: buyerMessages.notFound });
      }
      const list = (await (await send(asAttacker, 'GET', '?q=Ann')).json()) as { buyers: BuyerView[] };
      expect(list.buyers).toEqual([]);
      // An import of the victim's buyer's e-mail makes the attacker's own buyer, never touches hers.
      await send(asAttacker, 'POST', '/import', { csv: 'name,email\nHijacked,ann@example.com' });
      await unchanged();
    });

    it('refuses a Viewer every change, with nothing changed', async () => {
      const { victim, buyer, unchanged } = await victimAndAttacker();
      const viewer = await victim.join('viewer');
      for (const [method, path, body] of [
        ['POST', '', { ...ann, email: 'new@example.com' }],
        ['PUT', `/${buyer.id}`, { ...ann, name: 'Changed' }],
        ['DELETE', `/${buyer.id}`, undefined],
        ['POST', `/${buyer.id}/opt-out`, { optedOut: true }],
        ['POST', '/import', { csv: 'name,email\nNew,new@example.com' }],
        ['PUT', '/settings', { acquisitionsSeeBuyers: true }],
      ] as const) {
        const response = await send(viewer.headers, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
      }
      await unchanged();
      expect(await (await send(victim.owner.headers, 'GET', '/settings')).json()).toEqual({
        acquisitionsSeeBuyers: false,
      });
    });

    it('refuses Acquisitions without the setting, reading or changing, with nothing changed', async () => {
      const { victim, buyer, unchanged } = await victimAndAttacker();
      const acquisitions = await victim.join('acquisitions');
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '', { ...ann, email: 'new@example.com' }],
        ['PUT', `/${buyer.id}`, { ...ann, name: 'Changed' }],
        ['POST', '/import', { csv: 'name,email\nNew,new@example.com' }],
        ['PUT', '/settings', { acquisitionsSeeBuyers: true }],
      ] as const) {
        expect((await send(acquisitions.headers, method, path, body)).status, `${method} ${path}`).toBe(403);
      }
      await unchanged();
    });

    it('refuses oversized and malformed bodies and CSV with a clear error, with nothing changed', async () => {
      const { victim, buyer, unchanged } = await victimAndAttacker();
      const headers = victim.owner.headers;
      const oversized = await send(headers, 'POST', '/import', { csv: `name,email\n${'x'.repeat(3 * 1024 * 1024)}` });
      expect(oversized.status).toBe(413);
      const unclosed = await send(headers, 'POST', '/import', {
        csv: 'name,email\n"Ann,ann2@example.com\nBob,b@example.com',
      });
      expect(unclosed.status).toBe(400);
      expect((await unclosed.json()) as { error: string }).toMatchObject({ error: expect.stringContaining('quote') });
      const nul = await send(headers, 'POST', '/import', { csv: 'name,email\nA\u0000nn,nul@example.com' });
      expect(await nul.json()).toMatchObject({ outcome: 'ok', added: 0, refused: [{ row: 2 }] });
      for (const body of [
        '{not json',
        { ...ann, email: 'new@example.com', workspaceId: 'someone-else' },
        { ...ann, email: 'new@example.com', priceMin: 'a lot' },
        { ...ann, email: 'new@example.com', areas: Array.from({ length: 51 }, (_, at) => String(10000 + at)) },
        { name: 'x'.repeat(10_000), email: 'new@example.com' },
        [],
      ]) {
        const response = await send(headers, 'POST', '', body);
        expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toEqual(expect.any(String));
      }
      expect((await send(headers, 'PUT', `/${buyer.id}`, { name: '' })).status).toBe(400);
      expect((await send(headers, 'POST', `/${buyer.id}/opt-out`, { optedOut: 'yes' })).status).toBe(400);
      expect(
        (await send(headers, 'POST', '/import', { csv: 'name,email\nA,a@example.com', mapping: { owner: 'x' } }))
          .status,
      ).toBe(400);
      expect((await send(headers, 'GET', `?cursor=${'!'.repeat(20)}`)).status).toBe(400);
      await unchanged();
      const stored = await database()
        .db.select()
        .from(buyers)
        .where(and(inWorkspace(buyers, victim.workspaceId), eq(buyers.email, 'new@example.com')));
      expect(stored).toEqual([]);
    });
  });
});
