// Issue 41: "Print them yourself". A Pro wholesaler mails three owners, two of them without an
// e-mail; the letters' PDF is read back with pdf.js (each owner's name, range and short address),
// an owner types a short address from paper and lands on their offer page, and another stops offers
// by mail on /o/{code}/stop (axe, and usable at 360 px).
//
// A server of its own (DedicatedServer): sending needs a verified account, through the e-mail
// provider's fake.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { readPdfText } from '../support/pdf-text';
import { becomePro, registerThroughUi } from './support/accounts';
import { verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const port = dedicatedPort(90);
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

// A list as the exports give it: most owners have a mailing address and no e-mail.
const owners = [
  {
    firstName: 'Rosa',
    lastName: 'Vega',
    address: '2219 E 34th St',
    city: 'Austin',
    state: 'TX',
    zip: '78722',
    marketValue: 240_000,
    mailingAddress: { street: 'PO Box 77', city: 'Fresno', state: 'CA', zip: '93701' },
  },
  {
    firstName: 'Tom',
    lastName: 'Okafor',
    address: '18 Birch Ln',
    city: 'Austin',
    state: 'TX',
    zip: '78702',
    marketValue: 310_000,
  },
  {
    firstName: 'Li',
    lastName: 'Wu',
    address: '5 Cedar Ct',
    city: 'Austin',
    state: 'TX',
    zip: '78745',
    marketValue: 190_000,
    email: 'li.wu@example.com',
  },
];

test('print them yourself: the letters read back, a short address opens the offer, the stop page stops', async ({
  page,
  browser,
  baseURL,
}) => {
  // A whole journey: sign-up, Pro, a send printed and read back, an owner's answer and a stop.
  test.setTimeout(90_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  const origin = new URL(page.url()).origin;
  const profile = await page.request.put('/api/profile', {
    data: {
      handle: null,
      displayName: 'E2E Wholesaler',
      company: 'E2E Homes',
      phone: '512-555-0100',
      replyToEmail: '',
      postalAddress: '1 Main St, Austin, TX 78701',
      notifyOnLeads: false,
    },
    headers: { origin },
  });
  expect(profile.status()).toBe(200);
  await verifyEmailThroughOutbox(page, resend.emails, account);

  const created = await page.request.post('/api/mail/print-runs', {
    data: {
      template: defaultTemplate,
      properties: owners,
      format: 'letter',
    },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { sendId, pieces } = (await created.json()) as { sendId: string; pieces: number };
  expect(pieces).toBe(3);

  const pdf = await page.request.get(`/api/mail/print-runs/${sendId}/letters.pdf`, { headers: { origin } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await readPdfText(await pdf.body());
  const letters = text.replace(/\s+/g, ' ');
  const csv = await (
    await page.request.get(`/api/mail/print-runs/${sendId}/mail-house.csv`, { headers: { origin } })
  ).text();
  const lines = Papa.parse<string[]>(csv.trim()).data.slice(1);
  // Envelope order is ZIP order: Tom (78702), Li (78745), Rosa (93701).
  expect(lines.map((line) => line[2])).toEqual(['Tom Okafor', 'Li Wu', 'Rosa Vega']);
  const ranges = {
    'Tom Okafor': '$197,000 - $212,000',
    'Li Wu': '$113,000 - $128,000',
    'Rosa Vega': '$148,000 - $163,000',
  };
  let at = -1;
  for (const [name, range] of Object.entries(ranges)) {
    const found = letters.indexOf(name, at + 1);
    expect(found, `${name} in envelope order`).toBeGreaterThan(at);
    at = found;
    const line = lines.find((cells) => cells[2] === name)!;
    expect(line[8]).toBe(range);
    expect(letters).toContain(range);
    expect(letters).toContain(line[9]!.replace(/^https?:\/\//, ''));
  }
  // Rosa gets her mail in California.
  expect(letters).toContain('THIS IS NOT A GOVERNMENT DOCUMENT');

  // Tom types his short address from the letter, in lower case, and lands on his offer.
  const tom = await (await browser.newContext({ baseURL })).newPage();
  const typed = new URL(lines[0]![9]!).pathname.toLowerCase();
  await tom.goto(typed);
  await expect(tom).toHaveURL(/\/offer\/[A-Za-z0-9_-]{43}$/);
  await expect(tom.getByText('18 Birch Ln, Austin, TX 78702')).toBeVisible();
  await expect(tom.getByText('$197,000').first()).toBeVisible();

  // Rosa stops offers by mail, on a small phone.
  const rosa = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })).newPage();
  await rosa.goto(`${new URL(lines[2]![9]!).pathname}/stop`);
  await expect(rosa.getByRole('heading', { name: 'Stop offers by mail' })).toBeVisible();
  await expectNoAxeViolations(rosa, '/o/{code}/stop');
  const stop = rosa.getByRole('button', { name: 'Stop offers to my address' });
  await expect(stop).toBeInViewport({ ratio: 1 });
  await stop.click();
  await expect(rosa.getByRole('status')).toHaveText(/no more offers will be mailed or e-mailed to your address/);

  // The next send skips her address.
  const again = await page.request.post('/api/mail/print-runs', {
    data: { template: defaultTemplate, properties: owners },
    headers: { origin },
  });
  expect(await again.json()).toMatchObject({ pieces: 2, skipped: [{ index: 0 }] });
});

// The same send from the bulk import's review, as a user does it: the list's rows that can go by mail
// are mailed, the one without an address is said not mailed and why, and both files download.
test('print them yourself from the bulk import review: skipped rows said, the PDF and the mail-house CSV downloaded', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(90_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  const origin = new URL(page.url()).origin;
  const profile = await page.request.put('/api/profile', {
    data: {
      handle: null,
      displayName: 'E2E Wholesaler',
      company: 'E2E Homes',
      phone: '512-555-0100',
      replyToEmail: '',
      postalAddress: '1 Main St, Austin, TX 78701',
      notifyOnLeads: false,
    },
    headers: { origin },
  });
  expect(profile.status()).toBe(200);
  await verifyEmailThroughOutbox(page, resend.emails, account);

  const list = [
    'Address,City,State,Zip,Owner 1 First Name,Owner 1 Last Name,Mailing Address,Mailing City,Mailing State,Mailing Zip,Est. Value,Email 1,Phone 1',
    '2219 E 34th St,Austin,TX,78722,Maria,Gomez,PO Box 4411,Round Rock,TX,78680,"$312,000",,512-555-0142',
    '81 Rosewood Ave,Austin,TX,78702,Tom,Baker,,,,,"$405,000",tom.baker@example.com,',
    '9 Hillside Dr,,,,Lee,Chen,,,,,"$289,500",,512-555-0177',
  ].join('\n');
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'owners.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await expect(dialog.getByText('3 of 3 properties selected (0 failed)')).toBeVisible();
  // No Lob key in this workspace: only the printing way.
  await expect(dialog.getByRole('button', { name: 'Mail with Lob' })).toHaveCount(0);
  await expect(dialog.getByLabel('Mail as')).toHaveValue('letter');

  const print = dialog.getByRole('button', { name: 'Print them yourself' });
  await print.focus();
  await page.keyboard.press('Enter');
  const result = dialog.getByRole('heading', { name: '2 pieces ready to print for 2 properties' });
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  await expect(dialog.getByText('1 selected not mailed:')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'No mailing address' })).toHaveText(
    'No mailing address: give the property its city, state and ZIP, or the owner a mailing address (1)',
  );
  await expectNoAxeViolations(page, 'bulk import review, printed');

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download the letters (PDF)' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^mail-[0-9a-f-]{36}\.pdf$/);
  const { text } = await readPdfText(readFileSync((await pdfDownload.path())!));
  const letters = text.replace(/\s+/g, ' ');
  expect(letters).toContain('Maria Gomez');
  expect(letters).toContain('Tom Baker');
  expect(letters).not.toContain('Lee Chen');

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download the mail-house CSV' }).click(),
  ]);
  const csv = readFileSync((await csvDownload.path())!, 'utf8');
  const lines = Papa.parse<string[]>(csv.trim()).data.slice(1);
  // Envelope order is ZIP order: Maria's mailing address (78680), then Tom (78702).
  expect(lines.map((line) => line[2])).toEqual(['Maria Gomez', 'Tom Baker']);

  // Usable on a small phone: the actions fit, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(dialog.getByRole('link', { name: 'Download the letters (PDF)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
