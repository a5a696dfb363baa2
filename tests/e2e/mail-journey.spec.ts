// Issue 41's first "Done means", start to finish in Chromium: a Pro wholesaler imports a hand-made
// list whose value column no export names (mapped once, then remembered: the same header again asks
// nothing) and a PropStream export most of whose owners have no e-mail (its headers recognised);
// mails the export with "Print them yourself"; reads each owner's name, range and short address back
// from the downloaded PDF (pdf.js); an owner types their short address and counters, tapping before
// the page's code has run; the lead shows live in Leads with source Mail, that owner's follow-up
// stops, and the send's prospects show who was mailed, who answered and the others' next touch.
// (The Lob way's journey is tests/e2e/lob-mail.spec.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { computeSimpleOfferRange } from '#domain/offer/compute-offer-range.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { readPdfText } from '../support/pdf-text';
import { uniqueEmail } from '../support/test-users';
import { becomePro, registerThroughUi } from './support/accounts';
import { openBulkImport, upload } from './support/bulk-import-dialog';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { expectHydrated, expectNotHydrated, holdPageScripts } from './support/hold-page-scripts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'mail-journey-screens');
const propstream = readFileSync(path.join(repositoryRoot, 'tests/fixtures/lists/propstream-export.csv'));
const handMade = (rows: string[]) => ['Owner Name,Street,City,ST,Zip,Zestimate guess,Cell', ...rows].join('\n');

const port = dedicatedPort(104);
let resend: ResendFake;
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

/** The export's owners that can be mailed, in envelope order (their mailing ZIPs: 78680, 78702, 92109). */
const mailed = [
  { name: 'Maria Gomez', marketValue: 312_000 },
  { name: 'Tom Baker', marketValue: 405_000 },
  { name: 'Lee Chen', marketValue: 289_500 },
].map((owner) => {
  const { low, high } = computeSimpleOfferRange({ marketValue: owner.marketValue, template: defaultTemplate });
  return { ...owner, range: `${formatMoney(low)} - ${formatMoney(high)}` };
});

test('print them yourself, start to finish: lists imported, letters read back, an owner counters from paper, live in Leads, follow-up stopped, the send’s prospects', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  testInfo.setTimeout(180_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page, '1 Main St, Austin, TX 78701', '512-555-0100');
  await verifyEmailThroughOutbox(page, resend.emails, account);
  const dialog = await openBulkImport(page);

  // A hand-made list: its value column has a name no export uses, so the mapping step asks once.
  await upload(dialog, 'my-list.csv', handMade(['Jo Park,5 Elm St,Reno,NV,89501,"$210,000",775-555-0100']));
  const mapping = dialog.getByRole('form', { name: 'Which columns of my-list.csv hold these?' });
  await mapping.getByLabel('Market value').selectOption({ label: 'Zestimate guess' });
  await mapping.getByRole('button', { name: 'Use these columns' }).click();
  await expect(dialog.getByText('1 of 1 properties selected (0 failed)')).toBeVisible();
  // Another file with the same header: remembered, nothing asked.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await upload(dialog, 'my-list-june.csv', handMade(['Sam Ortiz,17 Aspen Way,Reno,NV,89502,"$185,000",']));
  await expect(dialog.getByText('1 of 1 properties selected (0 failed)')).toBeVisible();
  await expect(dialog.getByRole('form', { name: /Which columns of/ })).toHaveCount(0);

  // The PropStream export, read by its own headers: two of its three owners have no e-mail.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await upload(dialog, 'propstream-export.csv', propstream);
  await expect(dialog.getByText('3 of 3 properties selected (1 failed)')).toBeVisible();
  await expect(dialog.getByRole('form', { name: /Which columns of/ })).toHaveCount(0);
  await expect(dialog.getByText(/^2 of them have no e-mail/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Print them yourself' }).click();
  await expect(dialog.getByRole('heading', { name: '3 pieces ready to print for 3 properties' })).toBeFocused();

  // The letters, downloaded and read back: each owner's name, range and short address, in envelope order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download the letters (PDF)' }).click(),
  ]);
  const letters = (await readPdfText(readFileSync((await download.path())!))).text.replace(/\s+/g, ' ');
  const starts = mailed.map((owner) => letters.indexOf(owner.name));
  expect(starts.every((start, index) => start >= 0 && (index === 0 || start > starts[index - 1]!))).toBe(true);
  const shortAddresses = new Map<string, string>();
  for (const [index, owner] of mailed.entries()) {
    const letter = letters.slice(starts[index], starts[index + 1] ?? letters.length);
    expect(letter, `${owner.name}'s letter`).toContain(owner.range);
    // Only their own range: no other owner's figure is on their letter.
    for (const other of mailed) if (other !== owner) expect(letter).not.toContain(other.range);
    const short = /\/o\/([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(letter);
    expect(short, `${owner.name}'s short address`).not.toBeNull();
    shortAddresses.set(owner.name, short![1]!);
  }
  expect(new Set(shortAddresses.values()).size).toBe(3);
  // Lee gets his mail in California.
  expect(letters.slice(starts[2])).toContain('THIS IS NOT A GOVERNMENT DOCUMENT');

  // The wholesaler watches Leads while Maria, who has no e-mail, types her short address from the letter.
  await page.goto('/leads');
  await expect(page.getByRole('article')).toHaveCount(0);
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.68.${Math.floor(Math.random() * 250) + 1}.1` },
  });
  try {
    const maria = await context.newPage();
    const release = await holdPageScripts(maria);
    await maria.goto(`/o/${shortAddresses.get('Maria Gomez')!.toLowerCase()}`, { waitUntil: 'domcontentloaded' });
    await expect(maria).toHaveURL(/\/offer\/[A-Za-z0-9_-]{43}$/);
    await expect(maria.getByText('2219 E 34th St, Austin, TX 78722')).toBeVisible();
    // She taps Negotiate before the page's code has run: kept, and done once it runs.
    await maria.getByRole('button', { name: 'Negotiate' }).click();
    await expect(maria.getByRole('button', { name: 'Negotiate' })).toHaveAttribute('aria-busy', 'true');
    await expectNotHydrated(maria);
    release();
    await expectHydrated(maria);
    await expect(maria.getByRole('heading', { name: 'Negotiate' })).toBeFocused({ timeout: 15_000 });
    await maria.getByLabel('Your Desired Price').fill('200000');
    await maria.getByLabel('Name', { exact: true }).fill('Maria Gomez');
    await maria.getByLabel('Email').fill(uniqueEmail('maria'));
    await maria.getByLabel('Phone').fill('5125550142');
    await maria.getByRole('button', { name: /^Send to / }).click();
    await expect(maria.getByRole('heading', { name: /^Your counter-offer of \$200,000 was sent to / })).toBeVisible();
  } finally {
    await context.close();
  }

  // Live in Leads, from the mail.
  const lead = page.getByRole('article', { name: /^Maria Gomez,/ });
  await expect(lead).toContainText('via Mail', { timeout: 15_000 });
  await expect(lead).toContainText('2219 E 34th St');
  // Her follow-up by mail has stopped.
  await lead.getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Follow-ups' })).toContainText(
    'Follow-ups stopped: The homeowner answered the offer',
  );

  // The send's prospects: each mailed, Maria answered and a lead, the others' next touch due.
  await page.goto('/prospects');
  await page.getByLabel('Send').selectOption({ index: 1 });
  const prospects = page.getByRole('list', { name: 'Prospects' });
  await expect(prospects.getByRole('article')).toHaveCount(3);
  const mariaProspect = prospects.getByRole('article', { name: 'Maria Gomez' });
  await expect(mariaProspect).toContainText('Lead');
  await expect(mariaProspect).toContainText('Answered');
  await expect(mariaProspect).toContainText('No follow-up due');
  for (const name of ['Tom Baker', 'Lee Chen']) {
    const prospect = prospects.getByRole('article', { name });
    await expect(prospect).toContainText('Mailed');
    await expect(prospect).toContainText('Next follow-up');
  }
  const figures = page.getByRole('region', { name: 'What this send earned' });
  await expect(figures).toContainText('Owners reached3');
  await expect(figures).toContainText('Answered1');
  await expectNoAxeViolations(page, '/prospects of a mail send');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'mail-send-prospects-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
