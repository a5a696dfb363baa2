// Issue 39 parts 6 and 7: a lead under contract at $150,000 with two buyers' offers (written into
// the database as the buyer's deal page records them), compared side by side; the wholesaler
// chooses a primary and a backup buyer, records the buyer's earnest money, marks the deal assigned
// and reads the fee in the lead's ledger and on /deals. Axe on the lead page and /deals; both at
// 360 px (screenshots in test-results/deal-ledger-screens).
//
// A server of its own (DedicatedServer): the offers are written into its database while it is stopped.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openPgliteDatabase } from '#server/db/database.ts';
import { buyerOffers, leads } from '#server/db/schema.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { registerThroughUi } from './support/accounts';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { leadFromCounterOffer } from './support/leads';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'deal-ledger-screens');
const port = dedicatedPort(112);
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });
// The server is stopped and started again on the seeded database within the test.
test.setTimeout(90_000);

test.beforeAll(async () => {
  server = await DedicatedServer.start(port, {});
});

test.afterAll(async () => {
  await server?.dispose();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A homeowner's counter-offer to an offer link the wholesaler shares, put under contract at $150,000: the lead's id. */
async function leadUnderContract(page: Page, baseURL: string) {
  const leadId = await leadFromCounterOffer(page, baseURL, { desiredPrice: 150000 });
  const contracted = await page.request.patch(`/api/leads-inbox/${leadId}`, {
    data: { status: 'under-contract', contract: { contractPrice: 150000, contractDate: '2026-11-02' } },
  });
  expect(contracted.status(), await contracted.text()).toBe(200);
  return leadId;
}

/** Two buyers of the workspace (through the API) and their offers, written while the server is stopped: Ann's with proof of funds. */
async function seedOffers(page: Page, leadId: string) {
  const buyerIds: string[] = [];
  for (const [name, email] of [
    ['Ann Lee', 'ann.offer@example.com'],
    ['Bob Ray', 'bob.offer@example.com'],
  ]) {
    const created = await page.request.post('/api/buyers', { data: { name, email } });
    expect(created.status(), await created.text()).toBe(201);
    buyerIds.push(((await created.json()) as { buyer: { id: string } }).buyer.id);
  }
  await page.goto('about:blank');
  await server.stop();
  const connection = await openPgliteDatabase({ dataDir: server.dataDir });
  try {
    const [lead] = await connection.db
      .select({ workspaceId: leads.workspaceId })
      .from(leads)
      .where(eq(leads.id, leadId));
    const workspaceId = lead!.workspaceId!;
    const key = `proofs-of-funds/${randomUUID()}.pdf`;
    await createFileStorage({ DATA_DIR: server.dataDir }).put(key, pdf, 'application/pdf');
    await connection.db.insert(buyerOffers).values([
      {
        workspaceId,
        leadId,
        buyerId: buyerIds[0]!,
        amount: 172_500,
        proofOfFundsFileKey: key,
        proofOfFundsContentType: 'application/pdf',
        proofOfFundsAmount: 250_000,
        contactName: 'Ann Lee',
        contactEmail: 'ann.offer@example.com',
        createdAt: new Date(Date.now() - 3_600_000),
      },
      {
        workspaceId,
        leadId,
        buyerId: buyerIds[1]!,
        amount: 168_000,
        proofOfFundsAmount: null,
        contactName: 'Bob Ray',
        contactPhone: '512-555-0142',
      },
    ]);
  } finally {
    await connection.close();
    await server.start();
  }
}

test('a wholesaler compares two buyer offers, chooses the buyers, records earnest money, marks the deal assigned and reads the fee', async ({
  page,
  baseURL,
}) => {
  await registerThroughUi(page);
  const leadId = await leadUnderContract(page, baseURL!);
  await seedOffers(page, leadId);

  await page.goto(`/leads/${leadId}`);
  const offers = page.getByRole('region', { name: 'Buyer offers', exact: true });
  await expect(offers.getByRole('status')).toHaveText('2 offers, newest first.');
  const compared = offers.getByRole('table');
  await expect(compared.getByRole('row')).toHaveCount(3);
  const ann = compared.getByRole('row', { name: /Ann Lee/ });
  const bob = compared.getByRole('row', { name: /Bob Ray/ });
  await expect(ann).toContainText('$172,500');
  await expect(ann).toContainText('$250,000: covers the offer');
  await expect(bob).toContainText('$168,000');
  await expect(bob).toContainText('No proof sent');
  // The proof comes through the workspace's own route, as a file.
  const download = page.waitForEvent('download');
  await ann.getByRole('link', { name: "Download Ann Lee's proof of funds" }).click();
  expect((await download).suggestedFilename()).toBe('proof-of-funds-ann-lee.pdf');
  await expectNoAxeViolations(page, 'the lead page with its buyer offers');

  // The primary and backup buyers, by keyboard.
  await offers.getByLabel('Primary buyer').selectOption({ label: 'Ann Lee: $172,500' });
  await offers.getByLabel('Backup buyer').selectOption({ label: 'Bob Ray: $168,000' });
  await offers.getByRole('button', { name: 'Save buyers' }).press('Enter');
  await expect(ann.getByRole('cell', { name: 'Primary' })).toBeVisible();
  await expect(bob.getByRole('cell', { name: 'Backup' })).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Fee ledger', exact: true });
  await expect(ledger.locator('div', { hasText: /^Fee, if the primary buyer closes/ })).toContainText('$22,500');

  const earnest = page.getByRole('region', { name: "Buyer's earnest money", exact: true });
  await earnest.getByLabel('Amount received ($)').fill('5,000');
  const today = new Date().toISOString().slice(0, 10);
  await earnest.getByLabel('Arrived on').fill(today);
  await earnest.getByRole('button', { name: 'Record earnest money' }).click();
  await expect(earnest.getByRole('status')).toContainText('$5,000 arrived on');

  await ledger.getByLabel('Marketing ($)').fill('350');
  await ledger.getByRole('button', { name: 'Save costs' }).click();
  await expect(ledger.locator('div', { hasText: /^Net fee/ })).toContainText('$22,150');

  const sale = page.getByRole('region', { name: 'Sale', exact: true });
  await sale.getByLabel('How it sold').selectOption('assigned');
  await sale.getByLabel('Assignment price ($)').fill('172,500');
  await sale.getByLabel('Date', { exact: true }).fill(today);
  await sale.getByRole('button', { name: 'Mark sold' }).click();
  await expect(sale.getByRole('status')).toContainText('Assigned at $172,500');
  // The pipeline's own Closed: the lead's badge says so.
  await expect(page.locator('.lead-header')).toContainText('Closed');
  await expect(ledger.locator('div', { hasText: /^Assignment fee/ })).toContainText('$22,500');
  await expect(ledger.locator('div', { hasText: /^Net fee/ })).toContainText('$22,150');
  await expectNoAxeViolations(page, 'the lead page after the sale');

  await page.setViewportSize({ width: 360, height: 800 });
  await ledger.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshots, 'lead-dispositions-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await ledger.getByRole('link', { name: 'All deals' }).click();
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  const totals = page.getByRole('region', { name: /^[A-Z][a-z]+ \d{4}$/ });
  await expect(totals.locator('div', { has: page.getByText('Deals sold', { exact: true }) })).toHaveText(
    /^Deals sold\s*1$/,
  );
  await expect(totals.locator('div', { has: page.getByText('Total fees', { exact: true }) })).toContainText('$22,500');
  await expect(totals.locator('div', { has: page.getByText('Net fees', { exact: true }) })).toContainText('$22,150');
  const bySource = page.getByRole('region', { name: 'By lead source, table', exact: true });
  await expect(bySource.getByRole('row', { name: /^Shared link/ })).toContainText('$22,500');
  await expectNoAxeViolations(page, '/deals');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'deals-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
