// What a wholesaler does before bulk offers can go out (issue 16): verify the account's e-mail
// through the link the app e-mails (read from the e-mail provider's fake), and give the postal
// address every offer e-mail carries.
import { expect, type Page } from '@playwright/test';
import type { ResendFakeEmail } from '#tests/fakes/resend-fake.ts';

const VERIFY_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/;

/**
 * The newest verification link e-mailed to `address`, waiting for it to arrive at the fake; with
 * `callbackURL`, the newest landing there (the sign-up's own link lands on the verified notice).
 */
export async function verificationLinkFor(
  emails: ResendFakeEmail[],
  address: string,
  callbackURL?: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = emails
          .filter((email) => email.to[0] === address && email.subject.startsWith('Verify'))
          .map((email) => email.text?.match(VERIFY_LINK)?.[0])
          .findLast(
            (found) =>
              found !== undefined &&
              (callbackURL === undefined || new URL(found).searchParams.get('callbackURL') === callbackURL),
          );
        return link;
      },
      { message: `a verification e-mail to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The newest workspace invitation link e-mailed to `address`, waiting for it to arrive at the fake. */
export async function invitationLinkFor(emails: ResendFakeEmail[], address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = emails.findLast((email) => email.to[0] === address && email.subject.includes('invited you'));
        link = mail?.text?.match(/https?:\/\/\S+\/invitations\/[A-Za-z0-9._-]+/)?.[0];
        return link;
      },
      { message: `an invitation e-mail to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The newest e-mail to `address` whose subject holds `subject`, waiting for it to arrive at the fake. */
export async function emailTo(emails: ResendFakeEmail[], address: string, subject: string): Promise<ResendFakeEmail> {
  let found: ResendFakeEmail | undefined;
  await expect
    .poll(
      () => {
        found = emails.findLast((email) => email.to[0] === address && email.subject.includes(subject));
        return found;
      },
      { message: `an e-mail to ${address}: ${subject}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Asks for the verification e-mail (as the bulk import dialog does) and opens its link in the page. */
export async function verifyEmailThroughOutbox(page: Page, emails: ResendFakeEmail[], address: string) {
  const origin = new URL(page.url()).origin;
  const asked = await page.request.post('/api/auth/send-verification-email', {
    data: { email: address, callbackURL: '/' },
    headers: { origin },
  });
  expect(asked.status()).toBe(200);
  await page.goto(await verificationLinkFor(emails, address, '/'));
  await expect(page).toHaveURL(`${origin}/`);
}

/**
 * Saves a profile with a postal address through the API (the profile page's own test covers its
 * form); a mailed offer also needs the `phone` it prints.
 */
export async function addPostalAddress(page: Page, postalAddress = '1 Main St, Austin, TX 78701', phone = '') {
  const origin = new URL(page.url()).origin;
  const response = await page.request.put('/api/profile', {
    data: {
      handle: null,
      displayName: 'E2E Wholesaler',
      company: 'E2E Homes',
      phone,
      replyToEmail: '',
      postalAddress,
      notifyOnLeads: false,
    },
    headers: { origin },
  });
  expect(response.status()).toBe(200);
}
