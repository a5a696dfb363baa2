// Issue 27: follow-ups that stop the moment a homeowner answers. A Pro wholesaler e-mails three
// owners their offers with the built-in sequence; owner 1 answers, owner 2's e-mail bounces (the
// e-mail provider's fake reports it on the app's webhook, signed as Resend signs it), owner 3 says
// nothing and gets the day-2 e-mail, then appears on the Today list for the day-5 call. Days pass
// on the follow-ups' test clock (FOLLOW_UP_TEST_CLOCK), never in real time.
//
// A server of its own (DedicatedServer): it needs the e-mail provider's fake, its webhook secret
// and the test clock.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { becomePro, registerThroughUi } from './support/accounts';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { calculateAsWholesaler } from './support/calculator-page';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'follow-ups-screens');
const port = dedicatedPort(80);
const webhookSecret = `whsec_${Buffer.from('e2e-follow-ups-webhook-secret!!!').toString('base64')}`;

let resend: ResendFake;
let server: DedicatedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  resend = await startResendFake({
    apiKey: 're_e2e_key',
    webhook: { url: `http://127.0.0.1:${port}/api/email/webhook`, secret: webhookSecret },
  });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    RESEND_WEBHOOK_SECRET: webhookSecret,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    FOLLOW_UP_TEST_CLOCK: '1',
    BULK_EMAIL_INTERVAL_MS: '100',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

const owners = {
  ann: 'ann.followup@example.com',
  bob: 'bob.bounces@example.com',
  cy: 'cy.quiet@example.com',
};

const emailsTo = (address: string) => resend.emails.filter((email) => email.to[0] === address);

/** Moves the follow-ups' clock ahead, as if `days` days had passed. */
async function daysPass(page: Page, days: number) {
  const moved = await page.request.post('/api/test/follow-up-clock', {
    data: { days },
    headers: { origin: server.url },
  });
  expect(moved.status()).toBe(200);
}

test('offers go out with follow-ups; an answer and a bounce stop theirs, the quiet owner gets step 2 and a call task', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  resend.bounce(owners.bob);

  // 1. Import three owners and send their offers with the default sequence (on by default).
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  const csv = [
    'First Name,Last Name,Email,Property Address,Market Value',
    `Ann,Lee,${owners.ann},"12 Oak St, Austin, TX 78701",250000`,
    `Bob,Ray,${owners.bob},"34 Elm St, Dallas, TX 75201",300000`,
    `Cy,Diaz,${owners.cy},"56 Pine Rd, Houston, TX 77002",200000`,
  ].join('\n');
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'owners.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('3 of 3 properties selected (0 failed)')).toBeVisible();
  const followUp = dialog.getByRole('checkbox', { name: /^Follow up until they answer/ });
  await expect(followUp).toBeChecked();
  await expectNoAxeViolations(page, 'bulk import review with follow-ups');
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expect(page.getByText('Successfully sent 3 offers')).toBeVisible({ timeout: 30_000 });
  for (const owner of Object.values(owners)) await expect.poll(() => emailsTo(owner).length).toBe(1);

  // 3. Bob's offer bounced: the provider's signed webhook was accepted.
  await expect
    .poll(() => resend.webhookDeliveries.filter((delivery) => delivery.type === 'email.bounced'))
    .toEqual([{ type: 'email.bounced', status: 200 }]);

  // 2. Ann answers her offer: her sequence stops.
  const annOffer = emailsTo(owners.ann)[0]!;
  const acceptUrl = annOffer.html!.match(/href="([^"]+\?intent=accept)"/)![1]!.replaceAll('&amp;', '&');
  const homeowner = await page.context().browser()!.newPage();
  await homeowner.goto(acceptUrl);
  await expect(homeowner.getByRole('heading', { name: 'Accept this offer' })).toBeVisible();
  await homeowner.getByLabel('Name', { exact: true }).fill('Ann Lee');
  await homeowner.getByLabel('Phone').fill('512-555-0111');
  await homeowner.getByRole('button', { name: /^Send to / }).click();
  await expect(homeowner.getByRole('heading', { name: /^Your acceptance was sent to / })).toBeVisible();
  await homeowner.close();

  // 4. Three days pass: only Cy gets step 2.
  await daysPass(page, 3);
  await expect.poll(() => emailsTo(owners.cy).length, { timeout: 20_000 }).toBe(2);
  const step2 = emailsTo(owners.cy)[1]!;
  expect(step2.subject).toBe('Did you see our cash offer for 56 Pine Rd, Houston, TX 77002?');
  expect(step2.text).toContain('Hi Cy,');
  expect(step2.text).toContain('Unsubscribe:');
  expect(step2.reply_to).toEqual([account, expect.stringMatching(/^reply\+[0-9a-f]{32}@e2e\.example$/)]);
  expect(emailsTo(owners.ann)).toHaveLength(1);
  expect(emailsTo(owners.bob)).toHaveLength(1);

  // Ann's lead says why her follow-ups stopped.
  await page.goto('/leads');
  await page
    .getByRole('article', { name: /^Ann Lee,/ })
    .getByRole('link')
    .click();
  await expect(page.getByText('Follow-ups stopped: The homeowner answered the offer').first()).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} with follow-ups stopped');
  // Started again by hand, by keyboard: the lead shows its next touch; paused, it says so.
  const followUps = page.getByRole('region', { name: 'Follow-ups' });
  await followUps.getByRole('button', { name: 'Start follow-ups again' }).focus();
  await page.keyboard.press('Enter');
  await expect(followUps.getByText(/^Next touch: E-mail on /)).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} with follow-ups running');
  await page.screenshot({ path: path.join(screenshots, 'lead-follow-up.png'), fullPage: true });
  await followUps.getByRole('button', { name: 'Pause follow-ups' }).focus();
  await page.keyboard.press('Enter');
  await expect(followUps.getByText('Follow-ups stopped: Paused by hand')).toBeVisible();

  // 5. Day 6: the Today list shows Cy's call task, with the script; done by keyboard.
  await daysPass(page, 3);
  await page.goto('/follow-ups');
  await expect(page.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible();
  const task = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Call Cy Diaz' }) });
  await expect(task).toBeVisible({ timeout: 20_000 });
  await expect(task).toContainText('56 Pine Rd, Houston, TX 77002');
  await expect(task).toContainText('No phone number on file');
  await expectNoAxeViolations(page, '/follow-ups');
  await page.screenshot({ path: path.join(screenshots, 'today.png'), fullPage: true });
  // Four offers started a sequence (three sent, Ann's again by hand): one answered after it, one bounced.
  const offerStep = page.getByRole('table').getByRole('row', { name: /^Day 0: Offer/ });
  await expect(offerStep.getByRole('cell')).toHaveText(['4', '1', '0', '1']);
  await task.getByRole('button', { name: 'Mark done' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No calls, texts, letters or meetings due.', { exact: false })).toBeVisible();

  // The preview shows a step as the homeowner gets it.
  await page.getByLabel('Preview a step').selectOption({ label: 'Day 12: E-mail' });
  await expect(page.getByText('Subject: Our offer for 48 Elm St, Austin, TX 78701 is still open')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/follow-ups at 360 px');
  await page.screenshot({ path: path.join(screenshots, 'follow-ups-360.png'), fullPage: true });
});

test('a Pro owner writes the workspace’s own sequence: checked before it is saved, previewed as typed', async ({
  page,
}) => {
  await registerThroughUi(page);
  await becomePro(page);
  await page.goto('/follow-ups');
  await page.getByRole('button', { name: 'Edit the sequence' }).click();
  const editor = page.getByRole('form', { name: 'Edit the sequence' });
  const subject = editor.getByLabel('Subject').first();
  await subject.fill('Quick question about {address}');
  await expect(page.getByText('Subject: Quick question about 48 Elm St, Austin, TX 78701')).toBeVisible();

  // A link typed into a message is refused next to its field, and nothing is saved.
  const message = editor.getByLabel('Message').first();
  await message.fill('Log in at evil.example/login');
  await editor.getByRole('button', { name: 'Save sequence' }).click();
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText(/Message .*link/)).toBeVisible();
  await expectNoAxeViolations(page, '/follow-ups sequence editor');
  await page.screenshot({ path: path.join(screenshots, 'sequence-editor.png'), fullPage: true });

  await message.fill('Hi {firstName}, any questions? {offerLink}');
  await editor.getByRole('button', { name: 'Save sequence' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sequence saved: new follow-ups start with it')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cash offer follow-up (your own)' })).toBeVisible();
  await expect(page.getByText('Subject: Quick question about 48 Elm St, Austin, TX 78701')).toBeVisible();
  await page.getByRole('button', { name: 'Use the built-in sequence' }).click();
  await expect(page.getByRole('heading', { name: 'Cash offer follow-up', exact: true })).toBeVisible();

  // The nurture is a sequence of its own (issue 42 §3), written the same way.
  await page.getByLabel('Sequence', { exact: true }).selectOption({ label: 'Nurture' });
  await expect(page.getByRole('heading', { name: 'Long-term nurture', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit the sequence' }).click();
  await editor.getByLabel('Name').fill('Our year of check-ins');
  await editor.getByRole('button', { name: 'Save sequence' }).click();
  await expect(page.getByRole('heading', { name: 'Our year of check-ins (your own)' })).toBeVisible();
  await page.getByLabel('Sequence', { exact: true }).selectOption({ label: 'First offer' });
  await expect(page.getByRole('heading', { name: 'Cash offer follow-up', exact: true })).toBeVisible();
});

test('a shared offer is followed up by e-mail with the homeowner it goes to, by keyboard', async ({ page }) => {
  const account = await registerThroughUi(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);
  await calculateAsWholesaler(page, { address: '9 Bay St, Miami, FL 33101' });
  await page.getByRole('button', { name: 'Share offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share offer' });
  const form = dialog.getByRole('form', { name: 'Follow up by e-mail until they answer' });
  await form.getByLabel('Homeowner’s name').fill('Dee Shore');
  await form.getByLabel('Homeowner’s e-mail').fill('not an address');
  await form.getByRole('button', { name: 'Start follow-ups' }).click();
  await expect(form.getByLabel('Homeowner’s e-mail')).toBeFocused();
  await expect(form.getByLabel('Homeowner’s e-mail')).toHaveAccessibleDescription(
    'Email must be one valid address, like name@example.com',
  );
  await form.getByLabel('Homeowner’s e-mail').fill('dee.shared@example.com');
  await page.keyboard.press('Enter');
  // The form is gone: the focus is on what replaced it, still inside the dialog.
  await expect(dialog.getByText(/^Follow-ups started: dee\.shared@example\.com gets e-mails/)).toBeFocused();
  await expectNoAxeViolations(page, 'share offer dialog with follow-ups');
  await page.screenshot({ path: path.join(screenshots, 'share-follow-up.png') });
});
