// The numbers (issue 42 §5): an Owner opens /reports on a seeded September and reads the figures a
// test computes from the seed (expectedReportCounts: the page's own definitions, not the server's
// SQL), picks one member, downloads a table as CSV; axe; 360 px (screenshot in test-results/reports-screens).
//
// A server of its own (DedicatedServer): the month is written into its database while it is stopped.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { formatCents } from '#domain/mail/lob-settings.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { monthBounds } from '#domain/reports/report-query.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { user } from '#server/db/schema.ts';
import { expectedReportCounts, seedReport, septemberReportSeed } from '../support/report-seed';
import { joinWorkspace, setWorkspacePlan } from '../support/workspaces';
import { registerThroughUi } from './support/accounts';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'reports-screens');
const port = dedicatedPort(64);
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

const SEAT_CENTS = (29 + 29) * 100;
const all = () => true;

/** Stops the server, writes September into the Owner's workspace (Pro, one extra seat, a rep), starts it again. */
async function seedSeptember(email: string) {
  await server.stop();
  const connection = await openPgliteDatabase({ dataDir: server.dataDir });
  try {
    const { db } = connection;
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const repId = randomUUID();
    await db.insert(user).values({ id: repId, name: 'Rita Rep', email: `rita-${repId}@example.com` });
    await joinWorkspace(db, { workspaceId: owner!.id, userId: repId, role: 'acquisitions' });
    await setWorkspacePlan(db, owner!.id, 'pro', 1);
    const seed = septemberReportSeed(owner!.id, repId);
    await seedReport(db, owner!.id, seed, new Date('2026-01-15T00:00:00Z'));
    return { seed, ownerId: owner!.id, repId };
  } finally {
    await connection.close();
    await server.start();
  }
}

const headline = (page: Page, label: string) =>
  page.getByRole('region', { name: /^September 2026/ }).locator('div', { has: page.getByText(label, { exact: true }) });

test('an Owner reads a seeded month’s figures, one member’s, and downloads a table as CSV', async ({ page }) => {
  const email = await registerThroughUi(page);
  // Nothing open on the server while it stops (the live feed would lose its connection).
  await page.goto('about:blank');
  const { seed, repId } = await seedSeptember(email);
  const september = monthBounds('2026-09');
  const totals = expectedReportCounts(seed, september, all, all, SEAT_CENTS);

  await page.goto('/reports?month=2026-09');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue('2026-09');
  await expect(headline(page, 'Prospects reached')).toContainText(String(totals.reached));
  await expect(headline(page, 'Leads')).toContainText(String(totals.leads));
  await expect(headline(page, 'Closed')).toContainText(String(totals.closed));
  await expect(headline(page, 'Fees')).toContainText(formatMoney(totals.fees));
  await expect(headline(page, 'Cost')).toContainText(formatCents(totals.costCents));

  const bySource = page.getByRole('region', { name: 'By lead source', exact: true }).getByRole('table');
  const mail = expectedReportCounts(
    seed,
    september,
    (lead) => lead.source === 'mail',
    (send) => send.kind === 'mail',
  );
  const mailRow = bySource.getByRole('row', { name: /^Mail / });
  await expect(mailRow.getByRole('cell').nth(0)).toHaveText(String(mail.reached));
  await expect(mailRow.getByRole('cell').nth(1)).toHaveText(String(mail.leads));
  await expect(mailRow.getByRole('cell').nth(8)).toHaveText(formatCents(mail.costCents));
  // The funnel chart says its values in words.
  await expect(page.getByRole('img', { name: 'From owner to deal, September 2026' })).toHaveAccessibleDescription(
    new RegExp(`^Reached: ${totals.reached}; Leads: ${totals.leads}; Contacted: ${totals.contacted};`),
  );
  await expectNoAxeViolations(page, '/reports with a seeded month');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV of by lead source' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('report-by-source-2026-09.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]!.startsWith('Lead source,Prospects reached,Leads,Contacted')).toBe(true);
  expect(lines.at(-1)!.split(',').slice(0, 4)).toEqual([
    'All',
    String(totals.reached),
    String(totals.leads),
    String(totals.contacted),
  ]);

  // One member: the rep's leads and sends, and half the seats.
  await page.getByLabel('Member', { exact: true }).selectOption({ label: 'Rita Rep' });
  await expect(page).toHaveURL(new RegExp(`member=${repId}`));
  const rep = expectedReportCounts(
    seed,
    september,
    (lead) => lead.assigneeUserId === repId,
    (send) => send.userId === repId,
    SEAT_CENTS / 2,
  );
  await expect(page.getByRole('heading', { name: 'September 2026: Rita Rep' })).toBeVisible();
  await expect(headline(page, 'Leads')).toContainText(String(rep.leads));
  await expect(headline(page, 'Cost')).toContainText(formatCents(rep.costCents));

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByLabel('Member', { exact: true }).selectOption({ label: 'Whole team' });
  await expect(headline(page, 'Leads')).toContainText(String(totals.leads));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/reports at 360 px');
  await page.screenshot({ path: path.join(screenshots, 'reports-360.png'), fullPage: true });
});
