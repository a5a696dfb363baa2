// Issue 39 §8: the assignment of contract of a lead under contract to its primary buyer, drawn like
// the offer letter and read back as a reader's tools would: the parties, the property, the contract
// date, the fee and the buyer's earnest money, the attorney notice and blank signature lines, with
// the workspace's own wording. Refused, with what is missing, before there is a primary buyer; another
// workspace's lead is not found; only Owners, Managers and Dispositions members make one.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  ASSIGNMENT_NOTICE,
  assignmentMessages,
  DEFAULT_ASSIGNMENT_CLAUSE,
} from '#domain/documents/assignment-of-contract.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { readPdfText } from '#tests/support/pdf-text.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { signUpTestUser } from '#tests/support/test-users.ts';
import { newTestWorkspace } from '#tests/support/workspaces.ts';
import { buyerOffers, buyers, dealTerms, leads, wholesalerSettings } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

type Member = Awaited<ReturnType<typeof signUpTestUser>>;

const oneSpaced = (text: string) => text.replace(/\s+/g, ' ');

interface DealOptions {
  status?: 'under-contract' | 'closed' | 'negotiating';
  contractPrice?: number | null;
  dispositionPrice?: number | null;
  disposition?: 'assigned' | 'double-closed' | null;
  /** False: the buyer offered, but no one was chosen as primary. */
  primary?: boolean;
}

describeEachDatabase('the assignment of contract', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const assignment = (who: Member, leadId: string) =>
    sendJson(app, 'POST', '/api/documents/assignment', who.headers, { leadId });
  const clause = (who: Member, method: 'GET' | 'PUT', text?: string) =>
    sendJson(app, method, '/api/documents/assignment-clause', who.headers, text === undefined ? undefined : { text });

  async function withProfile(who: Member, displayName: string, company: string, postalAddress = '') {
    const saved = await sendJson(app, 'PUT', '/api/profile', who.headers, {
      handle: null,
      displayName,
      company,
      phone: '512-555-0100',
      replyToEmail: '',
      postalAddress,
      notifyOnLeads: false,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return who;
  }

  /** A lead under contract with Sam Seller at 150,000, Bo Cash's offer of 172,000 on it, chosen as primary. */
  async function contractedDeal(workspaceId: string, options: DealOptions = {}) {
    const { db } = database();
    const [lead] = await db
      .insert(leads)
      .values({
        workspaceId,
        source: 'shared-link',
        address: '88 Birch Ln, Austin, TX 78702',
        name: 'Sam Seller',
        email: 'sam@example.com',
        responseKind: 'accepted',
        status: options.status ?? 'under-contract',
      })
      .returning({ id: leads.id });
    const [buyer] = await db
      .insert(buyers)
      .values({ workspaceId, name: 'Bo Cash', company: 'Cash Homes LLC', email: null, phone: '5125550142' })
      .returning({ id: buyers.id });
    const [offer] = await db
      .insert(buyerOffers)
      .values({ workspaceId, leadId: lead!.id, buyerId: buyer!.id, amount: 172_000, contactName: 'Bo Cash' })
      .returning({ id: buyerOffers.id });
    await db.insert(dealTerms).values({
      leadId: lead!.id,
      workspaceId,
      contractPrice: options.contractPrice === undefined ? 150_000 : options.contractPrice,
      contractDate: '2026-12-01',
      closingDate: '2026-12-22',
      buyerEarnestMoney: 5_000,
      dispositionPrice: options.dispositionPrice === undefined ? 175_000 : options.dispositionPrice,
      disposition: options.disposition ?? null,
      primaryBuyerOfferId: options.primary === false ? null : offer!.id,
    });
    return { leadId: lead!.id, offerId: offer!.id };
  }

  async function pdfOf(response: Response) {
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { disposition: response.headers.get('content-disposition'), ...(await readPdfText(bytes)) };
  }

  it('names the parties, the property, the contract date, the fee and earnest money, the notice and the signature lines', async () => {
    const { join, workspaceId } = await newTestWorkspace(app, database().db);
    const dispositions = await withProfile(
      await join('dispositions'),
      'Ann Wholesale',
      'Oak Homes LLC',
      '1 Main St\nAustin, TX 78701',
    );
    const { leadId } = await contractedDeal(workspaceId);

    const document = await pdfOf(await assignment(dispositions, leadId));
    expect(document.disposition).toBe('attachment; filename="assignment-of-contract-88-birch-ln-austin-tx-78702.pdf"');
    expect(document.title).toBe('Assignment of contract: 88 Birch Ln, Austin, TX 78702');
    const text = oneSpaced(document.text);
    for (const line of [
      ASSIGNMENT_NOTICE,
      'Some states require disclosures, or a licence, to market or assign a purchase contract',
      'which gives no legal advice',
      'Assignor (holds the purchase contract): Ann Wholesale, Oak Homes LLC, 1 Main St, Austin, TX 78701',
      'Assignee (the buyer): Bo Cash, Cash Homes LLC',
      'Seller: Sam Seller',
      'Property: 88 Birch Ln, Austin, TX 78702',
      'Purchase contract dated December 1, 2026',
      'Purchase price in the contract $150,000',
      'Closing date December 22, 2026',
      "Assignee's price for the contract $175,000",
      'Assignment fee, paid to the Assignor $25,000',
      "Assignee's earnest money deposit $5,000",
      oneSpaced(DEFAULT_ASSIGNMENT_CLAUSE.split('\n\n')[0]!),
      'Signature: Ann Wholesale, Oak Homes LLC',
      'Signature: Bo Cash, Cash Homes LLC',
      `${ASSIGNMENT_NOTICE} Not legal advice.`,
    ])
      expect(text).toContain(line);
    expect(text.match(/\bDate\b/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("counts the fee from the primary buyer's offer when no assignment price is recorded, for a closed deal too", async () => {
    const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
    const manager = await join('manager');
    const { leadId } = await contractedDeal(workspaceId, { dispositionPrice: null, status: 'closed' });
    for (const who of [owner, manager]) {
      const text = oneSpaced((await pdfOf(await assignment(who, leadId))).text);
      expect(text).toContain("Assignee's price for the contract $172,000");
      expect(text).toContain('Assignment fee, paid to the Assignor $22,000');
    }
  });

  it("prints the workspace's own wording, held to the typed-text rules; empty goes back to the default", async () => {
    const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
    const dispositions = await join('dispositions');
    const { leadId } = await contractedDeal(workspaceId);
    expect(await (await clause(dispositions, 'GET')).json()).toEqual({
      text: '',
      defaultText: DEFAULT_ASSIGNMENT_CLAUSE,
    });

    const texas =
      'Texas wording: the Assignee received the disclosure required by section 5.\r\n\r\nSecond paragraph of terms.';
    const saved = await clause(dispositions, 'PUT', `  ${texas}  `);
    expect(saved.status).toBe(200);
    const stored = texas.replace(/\r\n/g, '\n');
    expect(await saved.json()).toEqual({ text: stored, defaultText: DEFAULT_ASSIGNMENT_CLAUSE });
    const text = oneSpaced((await pdfOf(await assignment(owner, leadId))).text);
    expect(text).toContain('Texas wording: the Assignee received the disclosure required by section 5.');
    expect(text).toContain('Second paragraph of terms.');
    expect(text).not.toContain(oneSpaced(DEFAULT_ASSIGNMENT_CLAUSE.split('\n\n')[0]!));

    for (const [typed, message] of [
      ['Sign at https://evil.example/login', assignmentMessages.clauseLinkOrMarkup],
      ['Terms <script>alert(1)</script>', assignmentMessages.clauseLinkOrMarkup],
      ['Write to law@firm.example', assignmentMessages.clauseLinkOrMarkup],
      ['Terms \u202Eevil', 'Please remove invisible formatting characters'],
      ['x'.repeat(4_001), assignmentMessages.clauseTooLong],
    ]) {
      const refused = await clause(owner, 'PUT', typed);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(message);
    }
    expect(await (await clause(owner, 'GET')).json()).toMatchObject({ text: stored });

    expect(await (await clause(owner, 'PUT', '   ')).json()).toMatchObject({ text: '' });
    expect(
      await database().db.select().from(wholesalerSettings).where(inWorkspace(wholesalerSettings, workspaceId)),
    ).toEqual([]);
    expect(oneSpaced((await pdfOf(await assignment(owner, leadId))).text)).toContain(
      oneSpaced(DEFAULT_ASSIGNMENT_CLAUSE.split('\n\n')[0]!),
    );
  });

  it('says what is missing before there is an assignment to write (409), never a half-filled one', async () => {
    const { owner, workspaceId } = await newTestWorkspace(app, database().db);
    const cases: [DealOptions, string][] = [
      [{ primary: false }, assignmentMessages.noPrimaryBuyer],
      [{ status: 'negotiating' }, assignmentMessages.notContracted],
      [{ contractPrice: null }, assignmentMessages.noContractPrice],
      [{ disposition: 'double-closed' }, assignmentMessages.doubleClosed],
      [{ dispositionPrice: 140_000 }, assignmentMessages.priceBelowContract('$140,000', '$150,000')],
    ];
    for (const [options, message] of cases) {
      const { leadId } = await contractedDeal(workspaceId, options);
      const refused = await assignment(owner, leadId);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: message, code: 'assignment-not-ready' });
    }
  });

  it("answers another workspace's lead as not found, and never prints another workspace's buyer", async () => {
    const victim = await newTestWorkspace(app, database().db);
    const { leadId: victimLead, offerId: victimOffer } = await contractedDeal(victim.workspaceId);
    await clause(victim.owner, 'PUT', 'The victim workspace wording.');
    const attacker = await newTestWorkspace(app, database().db);
    const attackerDispositions = await attacker.join('dispositions');
    const termsBefore = await database().db.select().from(dealTerms).where(eq(dealTerms.leadId, victimLead));

    for (const outsider of [attacker.owner, attackerDispositions]) {
      const stolen = await assignment(outsider, victimLead);
      expect(stolen.status).toBe(404);
      expect(await stolen.json()).toEqual({ error: 'Lead not found', code: 'lead-not-found' });
      // Their own wording is theirs: the victim's is neither read nor changed.
      expect(await (await clause(outsider, 'GET')).json()).toMatchObject({ text: '' });
    }
    expect((await assignment(attacker.owner, 'not-a-uuid')).status).toBe(400);

    // The attacker's own deal pointed at the victim's buyer offer (as a forged row would): no primary buyer of theirs.
    const { leadId: attackerLead } = await contractedDeal(attacker.workspaceId, { primary: false });
    await database()
      .db.update(dealTerms)
      .set({ primaryBuyerOfferId: victimOffer })
      .where(eq(dealTerms.leadId, attackerLead));
    const forged = await assignment(attacker.owner, attackerLead);
    expect(forged.status).toBe(409);
    expect(await forged.json()).toEqual({ error: assignmentMessages.noPrimaryBuyer, code: 'assignment-not-ready' });

    expect(await database().db.select().from(dealTerms).where(eq(dealTerms.leadId, victimLead))).toEqual(termsBefore);
    expect(await (await clause(victim.owner, 'GET')).json()).toMatchObject({ text: 'The victim workspace wording.' });
    expect(oneSpaced((await pdfOf(await assignment(victim.owner, victimLead))).text)).toContain(
      'The victim workspace wording.',
    );
  });

  it('is for Owners, Managers and Dispositions: a Viewer and an Acquisitions member are refused, the wording unchanged', async () => {
    const { owner, join, workspaceId } = await newTestWorkspace(app, database().db);
    const viewer = await join('viewer');
    const acquisitions = await join('acquisitions');
    const { leadId } = await contractedDeal(workspaceId);
    await clause(owner, 'PUT', 'Owner wording.');

    for (const who of [viewer, acquisitions]) {
      for (const refused of [
        await assignment(who, leadId),
        await clause(who, 'GET'),
        await clause(who, 'PUT', 'Changed by a reader.'),
      ]) {
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ error: workspaceMessages.notAllowed, code: 'not-allowed' });
      }
    }
    expect(await (await clause(owner, 'GET')).json()).toMatchObject({ text: 'Owner wording.' });
  });
});
