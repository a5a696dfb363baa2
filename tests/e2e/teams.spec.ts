// Teams (issue 26), by keyboard: an Owner invites a rep; the rep accepts and sees only the leads
// assigned to them; a homeowner answers the rep's personal page and the lead lands on the rep,
// live in the Owner's "Everyone"; the Owner reassigns it, then removes the rep, whose open tab
// loses access at once. E-mails are read from the Resend fake.
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { UNNAMED_MEMBER } from '#domain/workspaces/member-name.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { becomePro, E2E_PASSWORD, registerThroughUi } from './support/accounts';
import { invitationLinkFor, verifyEmailThroughOutbox } from './support/bulk-sender';
import { enterProperty, getCashOffer } from './support/calculator-page';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const screenshots = path.join('test-results', 'teams-screens');

let resend: ResendFake;
let server: DedicatedServer;
const port = dedicatedPort(70);

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

async function newPage(browser: Browser, address: string) {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return context.newPage();
}

const leadRow = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(`^${name},`) });

test('an Owner invites a rep, the rep works only their leads, and loses access when removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = await registerThroughUi(page);
  await becomePro(page);
  await verifyEmailThroughOutbox(page, resend.emails, ownerEmail);

  // 1. The Owner invites a rep, by keyboard.
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  await expectNoAxeViolations(page, '/team');
  const repEmail = uniqueEmail('rep');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(repEmail);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Role')).toBeFocused();
  await expect(page.getByLabel('Role')).toHaveValue('acquisitions');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Invitation sent to ${repEmail}. It works for 7 days.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `${repEmail} as Acquisitions` })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'team-invited.png'), fullPage: true });

  // 2. The rep opens the e-mail's link, creates the account for that address and joins.
  const rep = await newPage(browser, '10.77.0.2');
  await rep.goto(await invitationLinkFor(resend.emails, repEmail));
  await expect(rep.getByText(/invited .* to work in .* as Acquisitions/)).toBeVisible();
  await expectNoAxeViolations(rep, '/invitations/{id}');
  await rep.screenshot({ path: path.join(screenshots, 'invitation.png') });
  await rep.getByRole('link', { name: 'Create your account' }).focus();
  await rep.keyboard.press('Enter');
  await expect(rep.getByLabel('Email')).toHaveValue(repEmail);
  await rep.getByLabel('Password').fill(E2E_PASSWORD);
  await rep.getByLabel('Password').press('Enter');
  const join = rep.getByRole('button', { name: /^Join / });
  await expect(join).toBeVisible();
  await join.focus();
  await rep.keyboard.press('Enter');
  await expect(rep).toHaveURL(/\/leads$/);
  await expect(rep.getByText('No leads yet')).toBeVisible();

  // The rep's personal page in the Owner's workspace.
  const handle = `rep-${Date.now().toString(36)}`;
  const profile = await rep.request.put('/api/profile', {
    data: {
      handle,
      displayName: 'Rita Rep',
      company: '',
      phone: '512-555-0142',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: false,
    },
    headers: { origin: `http://127.0.0.1:${port}` },
  });
  expect(profile.status()).toBe(200);

  // 3. A homeowner answers the rep's page: the lead is the rep's, live in the Owner's "Everyone".
  await page.goto('/leads');
  await expect(page.getByText('No leads yet')).toBeVisible();
  const homeowner = await newPage(browser, '10.77.0.3');
  await homeowner.goto(`/c/${handle}`);
  await enterProperty(homeowner, { address: '48 Elm St, Austin, TX', marketValue: '200000' });
  await getCashOffer(homeowner);
  await homeowner.getByRole('button', { name: 'Get Offer' }).focus();
  await homeowner.keyboard.press('Enter');
  await homeowner.getByLabel('Name', { exact: true }).focus();
  await homeowner.keyboard.type('Bob Stone');
  await homeowner.keyboard.press('Tab');
  await expect(homeowner.getByLabel('Email')).toBeFocused();
  await homeowner.keyboard.type(uniqueEmail('bob'));
  await homeowner.getByLabel('Phone').focus();
  await homeowner.keyboard.type('512-555-0111');
  await homeowner.getByRole('button', { name: 'Send to Rita Rep' }).focus();
  await homeowner.keyboard.press('Enter');
  await expect(homeowner.getByRole('heading', { name: 'Your acceptance was sent to Rita Rep' })).toBeVisible();
  await homeowner.context().close();

  // Members go by their profile's display name in the workspace, never their e-mail's local part (issue 42 §6).
  await expect(leadRow(page, 'Bob Stone')).toContainText('Assigned to Rita Rep');
  await expect(leadRow(page, 'Bob Stone')).not.toContainText(repEmail.split('@')[0]!);
  await expect(page.getByRole('group', { name: 'Whose leads' })).toBeVisible();
  await expectNoAxeViolations(page, '/leads in a team');
  await page.screenshot({ path: path.join(screenshots, 'leads-team.png'), fullPage: true });
  await expect(leadRow(rep, 'Bob Stone')).toBeVisible();

  // 4. The Owner reassigns it to themselves: it leaves the rep's inbox.
  await leadRow(page, 'Bob Stone').getByRole('link').click();
  // The inbox has an 'Assigned to' of its own: the lead's page is there once its heading is.
  await expect(page.getByRole('heading', { level: 1, name: 'Bob Stone' })).toBeVisible();
  const assignee = page.getByRole('region', { name: 'Offer and answer' }).getByLabel('Assigned to');
  await expect(assignee).toBeVisible();
  await expectNoAxeViolations(page, '/leads/{id} in a team');
  // The Owner registered without a name and has no profile here: a neutral word, not their e-mail's local part.
  const ownerName = UNNAMED_MEMBER;
  // A focused select takes the typed name (its options are the members' names).
  await assignee.focus();
  await page.keyboard.type(ownerName);
  await expect(page.getByText(`Lead assigned to ${ownerName}`)).toBeVisible();
  await expect(page.getByText(`Assigned to ${ownerName}`).first()).toBeVisible();
  await expect(page.getByText(`by ${ownerName}`).first()).toBeVisible();
  await expect(rep.getByText('No leads yet')).toBeVisible();

  // 5. On a phone the members lie one under the other, each still a table row of cells, and
  // nothing is to be scrolled sideways to.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/team');
  const repRow = page.getByRole('row').filter({ hasText: repEmail });
  await expect(repRow.getByRole('rowheader')).toContainText(repEmail);
  await expect(repRow.getByRole('cell')).toHaveCount(4);
  for (const control of [
    repRow.getByRole('combobox', { name: /^Role of / }),
    repRow.getByRole('checkbox', { name: 'Sees all leads' }),
    repRow.getByRole('checkbox', { name: 'May bulk send and export' }),
    repRow.getByRole('button', { name: /^Remove / }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await expectNoAxeViolations(page, '/team at 360px');
  await page.screenshot({ path: path.join(screenshots, 'team-360.png'), fullPage: true });

  // 6. The Owner removes the rep; the rep's open tab loses access at once.
  await page.getByRole('button', { name: 'Remove Rita Rep' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Who takes .*'s leads\?/)).toHaveValue(/.+/);
  await expectNoAxeViolations(page, '/team remove dialog');
  await page.screenshot({ path: path.join(screenshots, 'team-remove.png') });
  await dialog.getByRole('button', { name: 'Remove member' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/was removed\. Their leads now go to/)).toBeVisible();
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();

  await expect(rep.getByRole('heading', { name: 'You are no longer a member of this workspace.' })).toBeVisible();
  await expect(rep.getByText('Bob Stone')).toHaveCount(0);
  const refused = await rep.request.get('/api/leads-inbox');
  expect(refused.status()).toBe(403);
  await expectNoAxeViolations(rep, 'access ended');
  await rep.screenshot({ path: path.join(screenshots, 'access-ended.png') });
  await rep.getByRole('button', { name: 'Open my own workspace' }).focus();
  await rep.keyboard.press('Enter');
  await expect(rep).toHaveURL(/\/leads$/);
  await expect(rep.getByText('No leads yet')).toBeVisible();
  await rep.context().close();
});

test('a user who never invites anyone sees their leads as before, with no team controls', async ({ page }) => {
  await registerThroughUi(page);
  await page.goto('/leads');
  await expect(page.getByText('No leads yet')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Whose leads' })).toHaveCount(0);
  await expect(page.getByLabel('Assigned to')).toHaveCount(0);
});
