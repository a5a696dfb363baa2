// Issue 41, prospects: a Pro wholesaler e-mails three owners their offers from a Bulk Import; the
// Prospects screen lists the three, e-mailed; one answers on their own offer link and shows as
// answered and a lead, live. A server of its own (DedicatedServer): the e-mail provider's fake
// delivers the offers, so the owner's link can be read from the e-mail.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { becomePro, registerThroughUi } from './support/accounts';
import { addPostalAddress, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const screenshots = path.join(repositoryRoot, 'test-results', 'prospects-screens');
const port = dedicatedPort(90);

let resend: ResendFake;
let server: DedicatedServer;

test.beforeAll(async () => {
  resend = await startResendFake({ apiKey: 're_e2e_key' });
  server = await DedicatedServer.start(port, {
    RESEND_API_KEY: 're_e2e_key',
    RESEND_API_URL: resend.url,
    EMAIL_FROM: 'Cash Offer Calculator <offers@e2e.example>',
    BULK_EMAIL_INTERVAL_MS: '100',
  });
});

test.afterAll(async () => {
  await server?.dispose();
  await resend?.close();
});

test.use({ baseURL: `http://127.0.0.1:${port}` });

const owners = { ann: 'ann.prospect@example.com', bo: 'bo.prospect@example.com', cy: 'cy.prospect@example.com' };

test('a bulk send makes each owner a prospect, e-mailed; the one who answers shows as answered and a lead', async ({
  page,
}, testInfo) => {
  testInfo.setTimeout(120_000);
  const account = await registerThroughUi(page);
  await becomePro(page);
  await addPostalAddress(page);
  await verifyEmailThroughOutbox(page, resend.emails, account);

  // Three owners imported and sent their offers.
  await page.goto('/');
  await page.getByRole('group', { name: 'I am a' }).getByRole('button', { name: 'Wholesaler' }).click();
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  const csv = [
    'First Name,Last Name,Email,Property Address,Market Value',
    `Ann,Lee,${owners.ann},"12 Oak St, Austin, TX 78701",250000`,
    `Bo,Ray,${owners.bo},"34 Elm St, Dallas, TX 75201",300000`,
    `Cy,Diaz,${owners.cy},"56 Pine Rd, Houston, TX 77002",200000`,
  ].join('\n');
  await dialog
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'owners.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('3 of 3 properties selected (0 failed)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Selected Offers' }).click();
  await expect(page.getByText('Successfully sent 3 offers')).toBeVisible({ timeout: 30_000 });

  // The Prospects screen lists them, each e-mailed, with the send's figures.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prospects' }).click();
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Prospects' });
  for (const name of ['Ann Lee', 'Bo Ray', 'Cy Diaz']) {
    await expect(list.getByRole('article', { name })).toContainText('E-mailed');
  }
  const send = page.getByLabel('Send');
  await send.selectOption({ index: 1 });
  const figures = page.getByRole('region', { name: 'What this send earned' });
  await expect(figures).toContainText('Owners reached3');
  await expectNoAxeViolations(page, '/prospects');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(screenshots, 'prospects-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ann answers on her own offer link.
  await expect.poll(() => resend.emails.filter((email) => email.to[0] === owners.ann).length).toBe(1);
  const annOffer = resend.emails.find((email) => email.to[0] === owners.ann)!;
  const acceptUrl = annOffer.html!.match(/href="([^"]+\?intent=accept)"/)![1]!.replaceAll('&amp;', '&');
  const homeowner = await page.context().browser()!.newPage();
  await homeowner.goto(acceptUrl);
  await homeowner.getByLabel('Name', { exact: true }).fill('Ann Lee');
  await homeowner.getByLabel('Phone').fill('512-555-0111');
  await homeowner.getByRole('button', { name: /^Send to / }).click();
  await expect(homeowner.getByRole('heading', { name: /^Your acceptance was sent to / })).toBeVisible();
  await homeowner.close();

  // Live: Ann is answered and a lead; the others are still prospects.
  const ann = list.getByRole('article', { name: 'Ann Lee' });
  await expect(ann).toContainText('Answered', { timeout: 15_000 });
  await expect(ann).toContainText('Lead');
  await expect(list.getByRole('article', { name: 'Bo Ray' })).toContainText('Prospect');
  await expect(figures).toContainText('Answered1');

  // Her touches, by keyboard, and her lead.
  await ann.getByRole('button', { name: 'Ann Lee' }).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Ann Lee' });
  const touches = detail.getByRole('list', { name: 'Touches, newest first' });
  await expect(touches.getByRole('listitem')).toHaveCount(2);
  await expect(touches.getByRole('listitem').first()).toContainText('Answered');
  await expect(detail.getByRole('button', { name: 'Promote to lead' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/prospects, a prospect’s touches');
  await detail.getByRole('link', { name: 'Open the lead' }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/);

  // Bo is promoted after a call.
  await page.goto('/prospects');
  await list.getByRole('article', { name: 'Bo Ray' }).getByRole('button', { name: 'Bo Ray' }).click();
  const bo = page.getByRole('dialog', { name: 'Bo Ray' });
  await bo.getByLabel('What the owner said').selectOption('counter');
  await bo.getByLabel('The price they named ($)').fill('$210,000');
  await bo.getByRole('button', { name: 'Promote to lead' }).click();
  await expect(bo.getByRole('link', { name: 'Open the lead' })).toBeVisible();
  await expect(bo.getByRole('list', { name: 'Touches, newest first' }).getByRole('listitem').first()).toContainText(
    'Called',
  );
});
