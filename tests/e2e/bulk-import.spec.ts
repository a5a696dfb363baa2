// Pro bulk import (spec §2 Bulk import dialog, §3 CRM CSV, §4, §5 CSV rules, §7 e-mails, §8
// toasts): a Pro wholesaler drops a messy real-world export, reviews it, exports the CRM CSV,
// sends offers to a selection and watches them arrive at a local fake of the e-mail provider
// (Resend), while the server is restarted mid-send; the e-mailed links open the homeowner's own
// offer and the unsubscribe page; a homeowner's counter comes back to the wholesaler's /leads,
// who answers it with a revised offer that the homeowner accepts.
//
// This spec runs its own app server (DedicatedServer, not the shared e2e one), because it needs the e-mail
// provider configured (RESEND_API_URL pointing at the fake, in this process) and must stop and
// restart that server on the same database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { readPdfText } from '../support/pdf-text';
import { becomePro, registerThroughUi } from './support/accounts';
import { addPostalAddress, verificationLinkFor, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { expectToastOnTop, waitForToastsToGo } from './support/toasts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'bulk-import-screens');

// A real-world-style export: byte-order mark, CRLF, a duplicated Email header, quoted cells with
// commas, doubled quotes and line breaks, blank lines, $ and thousand separators, an LLC owner
// without names, and two rows that fail the §5 rules (a PO box; no market value). Tags in a name
// or address are refused (issue 25, unit-tested in normalize-csv-row.test.ts); quotes and
// ampersands are plain words that the e-mail escapes.
const messyCsv = [
  '\uFEFFFirst Name,Last Name,Email,Email,Property Address,Market Value,Owner,Notes',
  'Ann,Lee,ann@example.com,,"12 Oak St, Austin, TX 78701","$250,000",,"Call after 5, weekdays"',
  '',
  'Bob Smith,,,bob@example.com,"34 Elm St',
  'Apt 2","300,000",,"Says ""maybe"""',
  'Cy,Diaz,cy@example.com,,PO Box 1234,"180,000",,',
  ',,dee@example.com,,56 Pine Rd,"1,000,000",GREEN ACRES LLC,',
  'Eve,Ng,eve@example.com,,78 Cedar Ln,call for price,,',
  ',,,,,,,',
  'Fay,Ortiz,fay@example.com,,90 Lake Dr,"$180,000.00",,',
  'Gus,"Park & ""Sons""",gus@example.com,,"1 ""Main"" St & Co",200000,,',
  'Hal,Quinn,hal@example.com,,22 River Rd,275000,,',
].join('\r\n');

let resend: ResendFake;
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(dedicatedPort(40), {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    // Two seconds apart, in small batches, so a restart lands mid-send even when the test's poll
    // and the server's stop are slow (at 700 ms, all 5 were out before a stop beside two busy loops).
    BULK_EMAIL_INTERVAL_MS: '2000',
    BULK_EMAIL_BATCH_SIZE: '2',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${dedicatedPort(40)}` });

async function openAsWholesaler(page: Page) {
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await expect(page.getByRole('button', { name: 'Formula Settings' })).toBeVisible();
}

/** Drops a file on the drop zone the way a browser does (a drop event carrying it). */
async function dropFile(page: Page, name: string, content: string) {
  await page.getByTestId('bulk-dropzone').evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([file.content], file.name, { type: 'text/csv' }));
      zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { name, content },
  );
}

test('Bulk Import is for Pro only: hidden otherwise, refused by the server otherwise', async ({ page }) => {
  await registerThroughUi(page);
  await openAsWholesaler(page);
  await expect(page.getByRole('button', { name: 'Bulk Import' })).toHaveCount(0);
  const response = await page.request.post('/api/bulk-send', {
    data: {
      template: { name: 'x', description: '', arvMultiplier: 0.7, repairMultiplier: 1, minProfit: 0, maxProfit: 0 },
      properties: [],
    },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(403);
});

test('a Pro wholesaler imports a messy export, exports the CRM CSV and sends offers through a server restart', async ({
  page,
  consoleErrors,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  // While the server restarts, the page's polls and its live feed fail to connect; expected.
  consoleErrors.allow(/ERR_CONNECTION_REFUSED|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET/);
  // The first send is refused until the e-mail is verified (issue 16): a 403 the console reports.
  consoleErrors.allow(/status of 403/);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await openAsWholesaler(page);

  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await expect(dialog.getByText('Drag and drop a CSV file here')).toBeVisible();
  await expect(dialog.getByText('File requirements')).toBeVisible();
  await expectNoAxeViolations(page, 'bulk import dialog: upload');

  // A file that is neither text/csv nor named .csv is refused (§5).
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'list.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(page.getByText('Please upload a CSV file').first()).toBeVisible();
  // No data rows.
  await dropFile(page, 'empty.csv', 'Email,Address,Market Value\r\n\r\n');
  await expect(page.getByText('No data found in the file').first()).toBeVisible();

  // The messy export, through the file input.
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'propstream-export.csv', mimeType: 'text/csv', buffer: Buffer.from(messyCsv) });
  await expect(dialog.getByText('6 of 6 properties selected (2 failed)')).toBeVisible();
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'Name',
    'Address',
    'Email',
    'Market Value',
    'Offer Range',
  ]);
  const annRow = table.getByRole('row', { name: /12 Oak St, Austin, TX 78701/ });
  await expect(annRow).toContainText('Ann Lee');
  await expect(annRow).toContainText('$250,000');
  await expect(annRow).toContainText('$155,000 - $170,000');
  await expect(table.getByRole('row', { name: /34 Elm St Apt 2/ })).toContainText('Bob Smith');
  await expect(table.getByRole('row', { name: /56 Pine Rd/ })).toContainText('Owner GREEN ACRES LLC');
  await expect(table.getByRole('row', { name: /1 "Main" St & Co/ })).toContainText('Gus Park & "Sons"');
  await dialog.getByText('2 rows were skipped: see why').click();
  await expect(dialog.getByText('Row 4: PO Box addresses are not accepted')).toBeVisible();
  await expect(dialog.getByText('Row 6: Market value must be a positive number')).toBeVisible();
  await waitForToastsToGo(page);
  await expectNoAxeViolations(page, 'bulk import dialog: review');

  // Sending needs at least one selected property (§5).
  const selectAll = dialog.getByRole('checkbox', { name: 'Select all properties' });
  await selectAll.uncheck();
  await expect(dialog.getByText('0 of 6 properties selected (2 failed)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expectToastOnTop(page, 'Please select at least one property');
  await selectAll.check();
  await expect(dialog.getByText('6 of 6 properties selected (2 failed)')).toBeVisible();

  // Export to GHL downloads the CRM contacts CSV, ghl_contacts_bulk_{date}.csv, in the CRM's columns (§3).
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export to GHL' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ghl_contacts_bulk_\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(exported[0]).toBe(
    'First Name,Last Name,Email,Address,Custom.Market Value,Custom.Offer Low,Custom.Offer High,Custom.Property Address,Tags,Source',
  );
  expect(exported[1]).toBe(
    'Ann,Lee,ann@example.com,"12 Oak St, Austin, TX 78701",250000,155000,170000,"12 Oak St, Austin, TX 78701",Cash Offer Generated,Cash Offer Calculator',
  );
  await expect(page.getByText('Exported 6 properties to CSV')).toBeVisible();

  // Send to a selection: everyone but Hal.
  await dialog.getByRole('checkbox', { name: 'Select 22 River Rd' }).uncheck();
  await expect(dialog.getByText('5 of 6 properties selected (2 failed)')).toBeVisible();
  resend.emails.length = 0;
  // Neither verified nor with a postal address yet: the dialog says both at once, and e-mails
  // the verification link on request.
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  const requirement = dialog.getByRole('alert').filter({ hasText: 'Please verify your e-mail address' });
  await expect(requirement).toBeVisible();
  await expect(requirement).toContainText('A postal address is required before sending offers by e-mail');
  await expect(requirement.getByRole('link', { name: 'Add your postal address in your profile' })).toBeVisible();
  await requirement.getByRole('button', { name: 'Send verification e-mail' }).click();
  await expect(
    dialog.getByText(`Verification e-mail sent to ${account}. Open its link, then send again.`),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'bulk import dialog: verify your e-mail');
  // On a phone the steps fit the dialog: nothing to scroll sideways to.
  await page.setViewportSize({ width: 360, height: 740 });
  const body = dialog.locator('.modal-body');
  expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The link, opened in another tab of the same browser: a forged one is refused, the real one
  // says the address is verified, and both leave a plain address behind.
  const mailbox = await page.context().newPage();
  const link = await verificationLinkFor(resend.emails, account);
  await mailbox.goto(link.replace(/token=[^&]+/, 'token=forged'));
  await expect(mailbox.getByText(bulkImportMessages.verificationLinkRefused)).toBeVisible();
  await mailbox.goto(link);
  await expect(mailbox.getByText(bulkImportMessages.emailVerified)).toBeVisible();
  expect(new URL(mailbox.url()).search).toBe('');
  await mailbox.close();
  await addPostalAddress(page);
  resend.emails.length = 0;
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Sending offers: sent \d of 5/ })).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeVisible();

  // The server stops mid-send and comes back on the same database: the page keeps polling.
  await expect.poll(() => resend.emails.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await server.stop();
  const beforeRestart = resend.emails.length;
  expect(beforeRestart).toBeLessThan(5);
  await server.start();

  await expect(page.getByText('Successfully sent 5 offers')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // Every selected owner got exactly one e-mail; Hal none.
  const recipients = resend.emails.map((email) => email.to[0]).sort();
  expect(recipients).toEqual([
    'ann@example.com',
    'bob@example.com',
    'dee@example.com',
    'fay@example.com',
    'gus@example.com',
  ]);
  expect(recipients).not.toContain('hal@example.com');
  const gus = resend.emails.find((email) => email.to[0] === 'gus@example.com')!;
  expect(gus.subject).toBe('Cash Offer for 1 "Main" St & Co');
  expect(gus.from).toBe('Cash Offer Calculator <offers@e2e.example>');
  expect(gus.html).toContain('Dear Gus Park &amp; &quot;Sons&quot;,');
  expect(gus.html).not.toContain('& "Sons"');
  // CAN-SPAM: the sender's postal address; RFC 8058: one-click unsubscribe headers.
  expect(gus.text).toContain('This offer was sent by E2E Homes, 1 Main St, Austin, TX 78701.');
  expect(gus.headers).toEqual({
    'List-Unsubscribe': expect.stringMatching(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\/one-click\?token=\S+>$/),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  // The accept link opens Ann's own offer, its acceptance form prefilled with whom it was sent to.
  const ann = resend.emails.find((email) => email.to[0] === 'ann@example.com')!;
  expect(ann.reply_to).toMatch(/^e2e-.*@example\.com$/);
  const links = [...ann.html!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  expect(links[0]).toMatch(/\/offer\/[A-Za-z0-9_-]{43}\?intent=accept$/);
  await page.goto(links[0]!);
  await expect(page.getByRole('heading', { level: 1, name: /^Your cash offer from / })).toBeVisible();
  await expect(page.getByText('12 Oak St, Austin, TX 78701')).toBeVisible();
  await expect(page.getByTestId('offer-range')).toHaveText(/\$155,000\s*–?\s*to\s*\$170,000/);
  await expect(page.getByRole('heading', { name: 'Accept this offer' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('ann@example.com');

  // The offer's letter: a PDF for the same token, with Ann's range.
  const letterUrl = links[2]!;
  expect(letterUrl).toBe(links[0]!.replace(/\/offer\/([^?]+)\?.*$/, '/api/public/offers/$1/letter.pdf'));
  const letter = await page.request.get(letterUrl);
  expect(letter.headers()['content-type']).toBe('application/pdf');
  expect((await readPdfText(await letter.body())).text).toContain('$155,000 - $170,000');

  // The unsubscribe link: confirm, and the address is never e-mailed again.
  await page.goto(links[3]!);
  await expect(page.getByText('Stop cash offer e-mails to ann@example.com?')).toBeVisible();
  await expectNoAxeViolations(page, '/unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('ann@example.com is unsubscribed.')).toBeVisible();
});

test('an unsubscribed owner is skipped; a dropped file goes through the same import', async ({ page }) => {
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await openAsWholesaler(page);
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  // ann@example.com unsubscribed in the test before.
  await dropFile(
    page,
    'two.csv',
    'Email,Address,Market Value\nann@example.com,12 Oak St,250000\nnew@example.com,3 New St,"300,000"\n',
  );
  await expect(dialog.getByText('2 of 2 properties selected (0 failed)')).toBeVisible();
  // On a small phone a short list's table is only as tall as its rows: the actions are in view.
  await page.setViewportSize({ width: 320, height: 740 });
  await expect(dialog.getByRole('button', { name: 'Send Selected Offers' })).toBeInViewport({ ratio: 1 });
  resend.emails.length = 0;
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expect(dialog.getByText('Finished: sent 1 of 2, 1 skipped')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText(/ann@example\.com.*skipped, Unsubscribed from offer e-mails/)).toBeVisible();
  await expect(page.getByText('Successfully sent 1 offers')).toBeVisible();
  expect(resend.emails.map((email) => email.to[0])).toEqual(['new@example.com']);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('at 360 and 1280 px the dialog imports 20,000 rows and sends a selection', async ({ page }, testInfo) => {
  testInfo.setTimeout(60_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
    await openAsWholesaler(page);
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
    await expect(dialog.getByText('Drag and drop a CSV file here')).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, `upload-${width}.png`) });
    const many = [
      'Email,Address,Market Value,First Name,Last Name',
      ...Array.from({ length: 20000 }, (_, n) => `owner${n}@example.com,${n + 1} Oak St,${200000 + n},Ann,Lee`),
      // More skipped rows than the review lists: it lists the first 1,000 and counts the rest.
      ...Array.from({ length: 1500 }, (_, n) => `box${n}@example.com,PO Box ${n + 1},200000,Bo,Diaz`),
    ].join('\n');
    await dialog
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(many) });
    await expect(dialog.getByText('20,000 of 20,000 properties selected (1,500 failed)')).toBeVisible();
    await dialog.getByText('1,500 rows were skipped: see why').click();
    const skipped = dialog.locator('.bulk-failures li');
    await expect(skipped).toHaveCount(1000);
    await expect(skipped.first()).toHaveText('Row 20002: PO Box addresses are not accepted');
    await expect(dialog.getByText('…and 500 more.')).toBeVisible();
    await dialog.getByText('1,500 rows were skipped: see why').click();
    await waitForToastsToGo(page);
    await page.screenshot({ path: path.join(screenshots, `review-${width}.png`) });
    await dialog.getByRole('checkbox', { name: 'Select all properties' }).uncheck();
    // Other owners at each width: an owner already sent this offer is not sent it again (issue 41).
    const [first, second] = width === 360 ? [1, 2] : [3, 4];
    await dialog.getByRole('checkbox', { name: `Select ${first} Oak St` }).check();
    await dialog.getByRole('checkbox', { name: `Select ${second} Oak St` }).check();
    await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, `progress-${width}.png`) });
    await expect(page.getByText('Successfully sent 2 offers')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('body')).not.toHaveCSS('overflow-x', 'scroll');
  }
});

test('the sender cancels a send: what is not sent yet is never sent, and the progress says cancelled', async ({
  page,
}) => {
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await openAsWholesaler(page);
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  // Enough offers that the send (one every 700 ms) is still going when a loaded machine gets to Stop sending.
  const total = 40;
  const rows = Array.from({ length: total }, (_, n) => `stop${n}@example.com,${n + 1} Stop St,250000`);
  await dropFile(page, 'forty.csv', ['Email,Address,Market Value', ...rows].join('\n'));
  await expect(dialog.getByText(`${total} of ${total} properties selected (0 failed)`)).toBeVisible();
  resend.emails.length = 0;
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/bulk-send',
  );
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  const { jobId } = (await (await started).json()) as { jobId: string };
  await expect(
    dialog.getByRole('status').filter({ hasText: new RegExp(`Sending offers: sent \\d+ of ${total}`) }),
  ).toBeVisible();

  // Keyboard only: the button, then the question's answer, which takes the focus.
  const cancelButton = dialog.getByRole('button', { name: 'Cancel sending' });
  await cancelButton.focus();
  await page.keyboard.press('Enter');
  const question = dialog.getByRole('group').filter({ hasText: /Stop sending the \d+ offers not sent yet\?/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Stop sending' })).toBeFocused();
  await expectNoAxeViolations(page, 'bulk import dialog: cancel sending');
  await page.keyboard.press('Enter');

  await expect(
    dialog.getByRole('status').filter({ hasText: new RegExp(`^Cancelled: sent \\d+ of ${total}`) }),
  ).toBeVisible();
  await expect(dialog.getByText('Sending was cancelled: the offers not sent yet will not be sent.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel sending' })).toHaveCount(0);
  const sentWhenCancelled = resend.emails.length;
  expect(sentWhenCancelled).toBeLessThan(total);
  // Nothing more leaves afterwards: an e-mail being delivered as the send was cancelled still
  // goes out, but once the job is finished (nothing queued or sending) no further one can come.
  const progress = async () =>
    (await (await page.request.get(`/api/bulk-send/${jobId}`)).json()) as {
      status: string;
      finished: boolean;
      sent: number;
    };
  await expect.poll(async () => (await progress()).finished, { timeout: 15_000 }).toBe(true);
  const final = await progress();
  expect(final.status).toBe('cancelled');
  expect(resend.emails.length).toBeLessThanOrEqual(sentWhenCancelled + 1);
  // And every e-mail that reached the provider is one the job counts as sent.
  expect(resend.emails.filter((email) => /^stop\d+@example\.com$/.test(email.to[0]!))).toHaveLength(final.sent);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('a homeowner counters an e-mailed offer; the wholesaler negotiates from /leads and the homeowner accepts the revised offer', async ({
  page,
  browser,
}, testInfo) => {
  testInfo.setTimeout(90_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await openAsWholesaler(page);
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  const owner = `zoe-${Date.now()}@example.com`;
  await dropFile(
    page,
    'one.csv',
    `First Name,Last Name,Email,Address,Market Value\nZoe,Park,${owner},9 Bay St,250000\n`,
  );
  await expect(dialog.getByText('1 of 1 properties selected (0 failed)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expect(page.getByText('Successfully sent 1 offers')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await page.goto('/leads');
  await expect(page.getByText('No leads yet')).toBeVisible();

  // The homeowner, on their own machine, presses Negotiate in the e-mail: their offer, the form open.
  const offerMail = resend.emails.find((email) => email.to[0] === owner)!;
  const [, negotiateLink] = [...offerMail.html!.matchAll(/href="([^"]+)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );
  expect(negotiateLink).toMatch(/\/offer\/[A-Za-z0-9_-]{43}\?intent=negotiate$/);
  const homeownerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.66.0.9' } });
  const homeowner = await homeownerContext.newPage();
  await homeowner.goto(negotiateLink!);
  await expect(homeowner.getByRole('heading', { level: 1, name: 'Your cash offer from E2E Wholesaler' })).toBeVisible();
  await expect(homeowner.getByTestId('offer-range')).toHaveText(/\$155,000\s*–?\s*to\s*\$170,000/);
  await expect(homeowner.getByLabel('Name', { exact: true })).toHaveValue('Zoe Park');
  await expect(homeowner.getByLabel('Email')).toHaveValue(owner);
  await homeowner.getByLabel('Your Desired Price').fill('180000');
  await homeowner.getByLabel('Phone').fill('512-555-0177');
  await homeowner.getByRole('button', { name: 'Send to E2E Wholesaler' }).click();
  await expect(
    homeowner.getByRole('heading', { name: 'Your counter-offer of $180,000 was sent to E2E Wholesaler' }),
  ).toBeVisible();

  // It arrives in the wholesaler's open inbox (bench/live-change-latency.ts times the 2 s target);
  // they move it to Negotiating and revise the offer.
  const lead = page.getByRole('article', { name: /^Zoe Park,/ });
  await expect(lead).toBeVisible();
  await expect(lead).toContainText('Countered at $180,000');
  await expect(lead).toContainText('via Bulk e-mail');
  await page.getByRole('link', { name: 'Zoe Park, 9 Bay St' }).click();
  await page.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Negotiating' }).click();
  await expect(page.getByText('Moved to Negotiating')).toBeVisible();
  await page.getByRole('button', { name: 'Send revised offer' }).click();
  const revise = page.getByRole('dialog', { name: 'Send revised offer' });
  // Computed from the deal's figures: 270,000 × 0.7 − 4,000 of repairs, less $20,000 to $5,000.
  await revise.getByLabel('After-repair value ($)').fill('270,000');
  await revise.getByLabel('Repairs ($)').fill('4,000');
  await expect(revise.getByText('$165,000 – $180,000').first()).toBeVisible();
  await revise.getByRole('button', { name: 'Send revised offer' }).click();
  await expect(revise.getByText(`is queued to be e-mailed to ${owner}`)).toBeVisible();
  await revise.getByRole('button', { name: 'Done' }).click();

  // The revised offer arrives by e-mail with its own link; the homeowner accepts it there.
  let revisedLink: string | undefined;
  await expect
    .poll(
      () => {
        const mail = resend.emails.find((email) => email.to[0] === owner && email.subject.startsWith('Revised'));
        revisedLink = mail?.html?.match(/href="([^"]*\/offer\/[^"]+)"/)?.[1];
        return revisedLink;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  await homeowner.goto(revisedLink!);
  await expect(homeowner.getByTestId('offer-range')).toHaveText(/\$165,000\s*–?\s*to\s*\$180,000/);
  await homeowner.getByRole('button', { name: 'Get Offer' }).click();
  await expect(homeowner.getByLabel('Email')).toHaveValue(owner);
  await homeowner.getByLabel('Phone').fill('512-555-0177');
  await homeowner.getByRole('button', { name: 'Send to E2E Wholesaler' }).click();
  await expect(homeowner.getByRole('heading', { name: 'Your acceptance was sent to E2E Wholesaler' })).toBeVisible();

  const history = page.getByRole('region', { name: 'Offer history' });
  await expect(history.getByRole('listitem').last()).toContainText('Homeowner accepted');
  await expect(history.getByRole('listitem')).toHaveText([
    /Offer made: \$155,000 – \$170,000/,
    /Homeowner countered at \$180,000/,
    // The offer went out with follow-ups (on by default): the counter stopped them.
    /Follow-ups stopped: The homeowner answered the offer/,
    /Revised offer sent: \$165,000 – \$180,000/,
    /Homeowner accepted/,
  ]);
  const leadPath = new URL(page.url()).pathname;
  await homeownerContext.close();

  // Another wholesaler sees none of it, not even by the lead's address.
  const otherContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.66.0.10' } });
  const other = await otherContext.newPage();
  await registerThroughUi(other);
  await other.goto('/leads');
  await expect(other.getByText('No leads yet')).toBeVisible();
  await other.goto(leadPath);
  await expect(other.getByRole('heading', { level: 1, name: 'Lead not found' })).toBeVisible();
  await otherContext.close();
});
