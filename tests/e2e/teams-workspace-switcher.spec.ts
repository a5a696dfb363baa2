// Teams (issue 26), a member of two workspaces: invited into an Owner's workspace while signed in
// to their own, they join from the invitation page, then switch between the two by keyboard from
// the account menu, each time seeing that workspace's leads only. A revoked invitation and one
// already used say so. Axe on the signed-in invitation page, the open menu and the refused
// invitations. E-mails are read from the Resend fake.
import path from 'node:path';
import { request as playwrightRequest, type Browser, type Locator, type Page } from '@playwright/test';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { accountButton, becomePro, registerThroughUi } from './support/accounts';
import { invitationLinkFor, verifyEmailThroughOutbox } from './support/bulk-sender';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

const screenshots = path.join('test-results', 'teams-switcher-screens');

let resend: ResendFake;
let server: DedicatedServer;
const port = dedicatedPort(74);
const origin = `http://127.0.0.1:${port}`;

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

test.use({ baseURL: origin });

async function newPage(browser: Browser, address: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { 'x-forwarded-for': address } });
  return context.newPage();
}

/** Names the signed-in user's current workspace (PATCH /api/workspace, as the team page does). */
async function nameWorkspace(page: Page, name: string) {
  const renamed = await page.request.patch('/api/workspace', { data: { name }, headers: { origin } });
  expect(renamed.status()).toBe(200);
}

/**
 * A lead in the signed-in user's current workspace: they share an offer (POST /api/offer-links)
 * and a homeowner with no account answers it from their own address, as the offer page does.
 */
async function leadFromHomeowner(page: Page, homeowner: string, address: string, clientAddress: string) {
  const shared = await page.request.post('/api/offer-links', {
    data: {
      from: 'calculation',
      calculation: { address, marketValue: 200000, repairs: defaultRepairCatalog, template: defaultTemplate },
    },
    headers: { origin },
  });
  expect(shared.status()).toBe(201);
  const token = ((await shared.json()) as { url: string }).url.split('/offer/')[1]!;
  const visitor = await playwrightRequest.newContext({
    baseURL: origin,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  try {
    const answered = await visitor.post(`/api/public/offers/${token}/responses`, {
      data: {
        kind: 'accept',
        contact: { name: homeowner, email: uniqueEmail('homeowner'), phone: '512-555-0111' },
      },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  } finally {
    await visitor.dispose();
  }
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, limit = 12) {
  for (let pressed = 0; pressed < limit; pressed += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const leadRow = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(`^${name},`) });

test('a member of two workspaces switches between them by keyboard from the account menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The Owner: Pro, verified (invitations go out through the sending policy), a lead of their own.
  const ownerEmail = await registerThroughUi(page);
  await becomePro(page);
  await verifyEmailThroughOutbox(page, resend.emails, ownerEmail);
  await nameWorkspace(page, 'Stone Acquisitions');
  await leadFromHomeowner(page, 'Bob Stone', '48 Elm St, Austin, TX', '10.74.1.1');

  // The member has an account and a lead of their own before they are invited.
  const memberEmail = uniqueEmail('member');
  const member = await newPage(browser, '10.74.0.2');
  await registerThroughUi(member, memberEmail);
  await nameWorkspace(member, 'Rita Own Deals');
  await leadFromHomeowner(member, 'Cara Self', '9 Pine Rd, Austin, TX', '10.74.1.2');

  const invited = await page.request.post('/api/workspace/invitations', {
    data: { email: memberEmail, role: 'manager' },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);

  // Signed in as the invited address, the invitation page offers to join.
  const invitationLink = await invitationLinkFor(resend.emails, memberEmail);
  await member.goto(invitationLink);
  await expect(member.getByText(/invited .* to work in Stone Acquisitions as Manager/)).toBeVisible();
  const join = member.getByRole('button', { name: 'Join Stone Acquisitions' });
  await expect(join).toBeVisible();
  await expectNoAxeViolations(member, '/invitations/{id}, signed in: Join');
  await member.screenshot({ path: path.join(screenshots, 'invitation-join.png') });
  await join.focus();
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(/\/leads$/);
  await expect(leadRow(member, 'Bob Stone')).toBeVisible();
  await expect(leadRow(member, 'Cara Self')).toHaveCount(0);

  // The account menu lists both workspaces, the current one marked; the other opens by keyboard.
  const account = accountButton(member, memberEmail);
  await account.focus();
  await member.keyboard.press('Enter');
  const workspaces = member.getByRole('group', { name: 'Workspaces' });
  await expect(workspaces).toBeVisible();
  await expect(workspaces.locator('[aria-current="true"]')).toHaveText('Stone Acquisitions (Manager)');
  const openOwn = workspaces.getByRole('button', { name: 'Open Rita Own Deals' });
  await expect(openOwn).toBeVisible();
  await expectNoAxeViolations(member, 'account menu with two workspaces');
  await member.screenshot({ path: path.join(screenshots, 'account-menu-workspaces.png') });
  await tabTo(member, openOwn);
  await member.keyboard.press('Enter');
  await expect(leadRow(member, 'Cara Self')).toBeVisible();
  await expect(leadRow(member, 'Bob Stone')).toHaveCount(0);

  // And back, the same way.
  await account.focus();
  await member.keyboard.press('Enter');
  await expect(workspaces.locator('[aria-current="true"]')).toHaveText('Rita Own Deals (Owner)');
  const openTeam = workspaces.getByRole('button', { name: 'Open Stone Acquisitions' });
  await tabTo(member, openTeam);
  await member.keyboard.press('Enter');
  await expect(leadRow(member, 'Bob Stone')).toBeVisible();
  await expect(leadRow(member, 'Cara Self')).toHaveCount(0);

  // The invitation, once used, says so.
  await member.goto(invitationLink);
  await expect(member.getByRole('alert')).toHaveText('This invitation was already accepted.');
  await expect(member.getByRole('button', { name: /^Join / })).toHaveCount(0);
  await expectNoAxeViolations(member, '/invitations/{id}, already accepted');
  await member.context().close();
});

test('a revoked invitation says so and cannot be joined', async ({ page, browser }) => {
  const ownerEmail = await registerThroughUi(page);
  await becomePro(page);
  await verifyEmailThroughOutbox(page, resend.emails, ownerEmail);
  const inviteeEmail = uniqueEmail('revoked');
  const invited = await page.request.post('/api/workspace/invitations', {
    data: { email: inviteeEmail, role: 'viewer' },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLinkFor(resend.emails, inviteeEmail);
  const { invitation } = (await invited.json()) as { invitation: { id: string } };
  const revoked = await page.request.delete(`/api/workspace/invitations/${invitation.id}`, { headers: { origin } });
  expect(revoked.status()).toBe(200);

  const invitee = await newPage(browser, '10.74.0.5');
  await invitee.goto(link);
  const card = invitee.getByRole('region', { name: 'Invitation' });
  await expect(card.getByRole('alert')).toHaveText('This invitation was revoked. Ask for a new one.');
  for (const name of ['Create your account', 'Sign in']) await expect(card.getByRole('link', { name })).toHaveCount(0);
  await expectNoAxeViolations(invitee, '/invitations/{id}, revoked');
  await invitee.screenshot({ path: path.join(screenshots, 'invitation-revoked.png') });
  await invitee.context().close();
});
