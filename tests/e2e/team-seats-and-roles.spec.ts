// Teams (issue 26), the Owner's seats and what each role is shown: a Pro workspace's Owner adds
// seats (demo billing, labelled) and the seats line follows; a Viewer of that workspace is shown
// none of the controls the server would refuse them. E-mails are read from the Resend fake.
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { uniqueEmail } from '../support/test-users';
import { becomePro, E2E_PASSWORD, registerThroughUi } from './support/accounts';
import { invitationLinkFor, verifyEmailThroughOutbox } from './support/bulk-sender';
import { calculateAsWholesaler, enterProperty, getCashOffer, saveOfferOnScreen } from './support/calculator-page';
import { DedicatedServer, dedicatedPort } from './support/dedicated-server';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

let resend: ResendFake;
let server: DedicatedServer;
const port = dedicatedPort(72);
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

test('the Owner of a Pro workspace adds seats by keyboard (demo billing), and the seats line follows', async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.goto('/team');
  await expect(page.getByText('1 of 1 seat used')).toBeVisible();
  // Seats are sold with Pro only.
  await expect(page.getByRole('heading', { name: 'Add seats' })).toHaveCount(0);

  await becomePro(page);
  await page.goto('/team');
  await expect(page.getByText('1 of 3 seats used')).toBeVisible();
  const seats = page.getByRole('region', { name: 'Add seats' });
  await expect(seats.getByText('Pro includes 3 seats. Each extra seat is $29 per month.')).toBeVisible();
  await expect(seats.getByText('Demo billing: seats are added at once and nobody is charged.')).toBeVisible();
  await expectNoAxeViolations(page, '/team seats');

  await seats.getByLabel('Extra seats').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await expect(seats.getByText('5 seats, $58 per month for the extra seats (demo).')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(seats.getByRole('button', { name: 'Save seats' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The workspace now has 5 seats (2 extra)')).toBeVisible();
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();
  await expect(seats.getByText('you have 2 extra, $58 per month', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, '/team seats added');

  await page.reload();
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add seats' }).getByLabel('Extra seats')).toHaveValue('2');
});

test('a Viewer is shown none of the controls their role may not use', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  // The Owner: Pro, a saved property, a lead from their personal page, and a Viewer invited.
  const ownerEmail = await registerThroughUi(page);
  await becomePro(page);
  await verifyEmailThroughOutbox(page, resend.emails, ownerEmail);
  await calculateAsWholesaler(page, { address: '12 Oak St, Austin, TX' });
  await saveOfferOnScreen(page);
  const handle = `owner-${Date.now().toString(36)}`;
  const profile = await page.request.put('/api/profile', {
    data: {
      handle,
      displayName: 'Olive Owner',
      company: '',
      phone: '512-555-0142',
      replyToEmail: '',
      postalAddress: '',
      notifyOnLeads: false,
    },
    headers: { origin },
  });
  expect(profile.status()).toBe(200);
  const homeowner = await (
    await browser.newContext({ baseURL: origin, extraHTTPHeaders: { 'x-forwarded-for': '10.78.0.3' } })
  ).newPage();
  await homeowner.goto(`/c/${handle}`);
  await enterProperty(homeowner, { address: '48 Elm St, Austin, TX', marketValue: '200000' });
  await getCashOffer(homeowner);
  await homeowner.getByRole('button', { name: 'Get Offer' }).click();
  await homeowner.getByLabel('Name', { exact: true }).fill('Bob Stone');
  await homeowner.getByLabel('Email').fill(uniqueEmail('bob'));
  await homeowner.getByLabel('Phone').fill('512-555-0111');
  await homeowner.getByRole('button', { name: 'Send to Olive Owner' }).click();
  await expect(homeowner.getByRole('heading', { name: 'Your acceptance was sent to Olive Owner' })).toBeVisible();
  await homeowner.context().close();

  const viewerEmail = uniqueEmail('viewer');
  const invited = await page.request.post('/api/workspace/invitations', {
    data: { email: viewerEmail, role: 'viewer' },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);

  // The Viewer joins from the e-mail's link.
  const viewer = await (
    await browser.newContext({ baseURL: origin, extraHTTPHeaders: { 'x-forwarded-for': '10.78.0.2' } })
  ).newPage();
  await viewer.goto(await invitationLinkFor(resend.emails, viewerEmail));
  await viewer.getByRole('link', { name: 'Create your account' }).click();
  await expect(viewer.getByLabel('Email')).toHaveValue(viewerEmail);
  await viewer.getByLabel('Password').fill(E2E_PASSWORD);
  await viewer.getByLabel('Password').press('Enter');
  await viewer.getByRole('button', { name: /^Join / }).click();
  await expect(viewer).toHaveURL(/\/leads$/);

  // The calculator: the offer and its documents, but no saving, sharing, exporting or bulk import.
  await calculateAsWholesaler(viewer, { address: '7 Birch Ln, Austin, TX' });
  await expect(viewer.getByRole('button', { name: /Download|Offer letter|Deal sheet/ }).first()).toBeVisible();
  for (const name of ['Save Property', 'Share offer', 'Export to Sheets', 'Export to GHL', 'Bulk Import'])
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Formula Settings' }).click();
  const templates = viewer.getByRole('dialog', { name: 'Formula Templates' });
  await expect(templates.getByRole('heading', { name: 'Your templates' })).toBeVisible();
  await expect(templates.getByRole('button', { name: 'New template' })).toHaveCount(0);
  await expect(templates.getByText('comes with the Pro plan')).toHaveCount(0);
  await expectNoAxeViolations(viewer, 'Formula Templates, a Viewer');
  await viewer.keyboard.press('Escape');

  // The saved list: the property, with nothing to delete, share or export, and no billing.
  await viewer.goto('/saved');
  const card = viewer.getByRole('article', { name: '12 Oak St, Austin, TX' });
  await expect(card).toBeVisible();
  for (const name of [/^Delete/, /^Share offer/, /^Export to/])
    await expect(card.getByRole('button', { name })).toHaveCount(0);
  for (const name of ['Export CSV', 'Upgrade Plan']) await expect(viewer.getByRole('link', { name })).toHaveCount(0);
  for (const name of ['Manage billing', 'Downgrade to Free'])
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
  await expectNoAxeViolations(viewer, '/saved, a Viewer');

  // The lead: read, never worked.
  await viewer.goto('/leads');
  await viewer
    .getByRole('article', { name: /^Bob Stone,/ })
    .getByRole('link')
    .click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Bob Stone' })).toBeVisible();
  await expect(viewer.getByText('Your role cannot send offers, save or export this lead.')).toBeVisible();
  await expect(viewer.getByRole('group', { name: 'Pipeline status' })).toHaveCount(0);
  await expect(viewer.getByLabel('Add a note')).toHaveCount(0);
  for (const name of ['Send revised offer', 'Save as saved property', 'Export to Sheets', 'Export to GHL'])
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
  await expectNoAxeViolations(viewer, '/leads/{id}, a Viewer');

  // Plans: which one the workspace is on, and who changes it.
  await viewer.goto('/wholesalers');
  await expect(viewer.getByText("Only the workspace's Owner can change billing.")).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
  await expect(
    viewer.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await expectNoAxeViolations(viewer, '/wholesalers, a Viewer');

  // Integrations: their state, not their settings.
  await viewer.goto('/test');
  await expect(viewer.getByText("The workspace's Owner or a Manager sets up its integrations.").first()).toBeVisible();
  for (const name of ['Set Up API Key', 'Replace API Key', 'Remove API Key', 'Save webhook', 'Send a test row'])
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
  await expectNoAxeViolations(viewer, '/test, a Viewer');

  // The team: no seats, no invitations.
  await viewer.goto('/team');
  await expect(viewer.getByText('2 of 3 seats used')).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Add seats' })).toHaveCount(0);
  await expect(viewer.getByRole('heading', { name: 'Invite a member' })).toHaveCount(0);
  await viewer.context().close();

  // The Owner still has every control.
  await page.goto('/saved');
  const ownCard = page.getByRole('article', { name: '12 Oak St, Austin, TX' });
  await expect(ownCard.getByRole('button', { name: /^Delete/ })).toBeVisible();
  await expect(ownCard.getByRole('button', { name: /^Share offer/ })).toBeVisible();

  // Free has one seat: the Owner of two is asked to choose who stays, not downgraded (issue 37).
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  await page.goto('/wholesalers');
  await page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Subscribe Now' }).click();
  const downgrade = page.getByRole('dialog', { name: 'Downgrade to the Free plan?' });
  await downgrade.getByRole('button', { name: 'Downgrade now' }).click();
  await expect(downgrade.getByRole('alert')).toHaveText(
    'The Free plan has 1 seat and this workspace has 2 members. Remove 1 member on the Team page first, choosing who stays, then change the plan. Open the Team page',
  );
  await expect(downgrade.getByRole('button', { name: 'Downgrade now' })).toBeFocused();
  await expectNoAxeViolations(page, 'Downgrade to Free refused for the members');
  await downgrade.getByRole('link', { name: 'Open the Team page' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByText('2 of 3 seats used')).toBeVisible();
});
