// Issue 39 §4, "the buyer page leaks no seller figure (property-tested)": over random deals, the
// page /deal/{token} as the server draws it (the web app's renderer, the real API answering
// in-process), and the data it is drawn with, hold none of the seller's figures (the contract
// price, the offer's low and high ends, the fee received) in any money format. Buyer-visible figures
// are drawn from ranges apart from the seller's, so a match can only be a leak.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { formatMoney } from '#domain/money/format-money.ts';
import { buyers, dealLinks, dealTerms, leads, offerLinks } from '#server/db/schema.ts';
import { createOfferToken } from '#server/offer-links/offer-link-token.ts';
import { renderPage } from '#web/render-page.tsx';
import { createTestApp } from '../support/test-app';
import { describeEachDatabase } from '../support/test-database';
import { testPublicConfig } from '../support/test-env';
import { TEST_ORIGIN } from '../support/test-users';
import { newTestWorkspace } from '../support/workspaces';

const RUNS_PER_DATABASE = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Dollars and cents in [min, max]. */
const dollars = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((cents) => cents / 100);
/** Whole dollars in [min, max]. */
const wholeDollars = (min: number, max: number) => fc.integer({ min, max });

// Seller figures: $10,000–$99,999.99. Buyer figures: $100,000–$999,999 (prices, ARV) or at most
// $3,000 (each repair, at most 3; the earnest money): no buyer figure can spell a seller's.
const dealArbitrary = fc.record({
  seller: fc.record({
    contractPrice: dollars(10_000, 99_999),
    offerLow: dollars(10_000, 99_999),
    offerHigh: dollars(10_000, 99_999),
    fee: dollars(10_000, 99_999),
  }),
  buyer: fc.record({
    askingPrice: fc.option(wholeDollars(100_000, 999_999), { nil: null }),
    marketValue: wholeDollars(100_000, 999_999),
    earnestMoney: fc.option(wholeDollars(100, 3_000), { nil: null }),
    repairs: fc.array(
      fc.record({ name: fc.constantFrom('Roof', 'Paint', 'Flooring'), cost: wholeDollars(100, 3_000) }),
      {
        maxLength: 3,
      },
    ),
    accessNotes: fc.constantFrom('', 'Lockbox on the back door', 'Call before showing'),
  }),
  closed: fc.boolean(),
});

/** Every way a money figure is commonly written: $12,346 · 12,346 · 12346 · 12345.67 · 12,345.67 · $12.3k · 12k. */
function moneyFormats(amount: number): string[] {
  const whole = Math.round(amount);
  const formats = new Set([
    formatMoney(amount),
    formatMoney(amount).slice(1),
    String(whole),
    String(Math.floor(amount)),
    amount.toFixed(2),
    String(amount),
    amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    Math.floor(amount).toLocaleString('en-US'),
    `${(amount / 1000).toFixed(1)}k`,
    `${Math.round(amount / 1000)}k`,
  ]);
  return [...formats];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` holds `figure` as a figure of its own (not inside a longer number). */
const holdsFigure = (text: string, figure: string) =>
  new RegExp(`(?<![\\d.,])${escapeRegExp(figure)}(?![\\d]|[.,]\\d)`, 'i').test(text);

describeEachDatabase('the buyer’s deal page and the seller’s figures', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let workspace: Awaited<ReturnType<typeof newTestWorkspace>>;
  beforeAll(async () => {
    app = createTestApp(database());
    workspace = await newTestWorkspace(app, database().db);
  });

  /** The deal's page as the server draws it, and the data it is drawn with. */
  async function drawnPage(token: string) {
    const rendered = await renderPage({
      request: new Request(new URL(`/deal/${token}`, TEST_ORIGIN)),
      config: testPublicConfig(),
      fetchApi: (request) => Promise.resolve(app.fetch(request)),
    });
    if (!rendered || 'redirect' in rendered) throw new Error('the deal page was not drawn');
    return {
      status: rendered.status,
      html: await new Response(rendered.body).text(),
      data: JSON.stringify(rendered.pageData),
    };
  }

  it('never shows the contract price, the offer range or the fee, in any money format', async () => {
    const db = database().db;
    const { workspaceId, owner } = workspace;
    await fc.assert(
      fc.asyncProperty(dealArbitrary, async ({ seller, buyer, closed }) => {
        const address = `${randomUUID().slice(0, 4)} Oak St, Austin, TX 78702`;
        const [link] = await db
          .insert(offerLinks)
          .values({
            workspaceId,
            userId: owner.user.id,
            tokenHash: createOfferToken().tokenHash,
            source: 'shared-link',
            address,
            marketValue: buyer.marketValue,
            repairs: buyer.repairs,
            totalRepairCost: buyer.repairs.reduce((total, repair) => total + repair.cost, 0),
            templateName: 'Standard Wholesale',
            offerLow: seller.offerLow,
            offerHigh: seller.offerHigh,
            expiresAt: new Date(Date.now() + DAY_MS),
          })
          .returning({ id: offerLinks.id });
        const [lead] = await db
          .insert(leads)
          .values({
            workspaceId,
            offerLinkId: link!.id,
            source: 'shared-link',
            address,
            responseKind: 'accepted',
            status: closed ? 'closed' : 'under-contract',
            marketValue: buyer.marketValue,
            offerLow: seller.offerLow,
            offerHigh: seller.offerHigh,
            acceptedOfferLow: seller.offerLow,
            acceptedOfferHigh: seller.offerHigh,
          })
          .returning({ id: leads.id });
        await db.insert(dealTerms).values({
          leadId: lead!.id,
          workspaceId,
          contractPrice: seller.contractPrice,
          contractDate: '2026-11-01',
          closingDate: '2026-12-15',
          amountReceived: closed ? seller.fee : null,
          closedOn: closed ? '2026-12-15' : null,
          askingPrice: buyer.askingPrice,
          accessNotes: buyer.accessNotes,
          buyerEarnestMoney: buyer.earnestMoney,
        });
        const [someone] = await db
          .insert(buyers)
          .values({ workspaceId, name: 'Pat Buyer', email: null })
          .returning({ id: buyers.id });
        const { token, tokenHash } = createOfferToken();
        await db.insert(dealLinks).values({
          workspaceId,
          leadId: lead!.id,
          buyerId: someone!.id,
          tokenHash,
          expiresAt: new Date(Date.now() + DAY_MS),
          createdByUserId: owner.user.id,
        });

        const page = await drawnPage(token);
        expect(page.status).toBe(200);
        // The page is the deal's: its address and what buyers are shown are there.
        // A page that could not load its deal says why in its data (the query's error).
        expect(page.html, page.data).toContain(address);
        if (buyer.askingPrice !== null) expect(page.html).toContain(formatMoney(buyer.askingPrice));
        for (const [name, amount] of Object.entries(seller)) {
          for (const figure of moneyFormats(amount)) {
            expect(holdsFigure(page.html, figure), `${name} ${figure} in the page`).toBe(false);
            expect(holdsFigure(page.data, figure), `${name} ${figure} in its data`).toBe(false);
          }
        }
      }),
      { numRuns: RUNS_PER_DATABASE },
    );
  }, 120_000);
});
