// Issue 25, findings 5, 8 and 10: account requests as an attacker sends them (a forged Host, line
// breaks in a callbackURL, a 60,000-character name), each refused with nothing changed.
import { format } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { postAuth, signUpTestUser, signUpUser, uniqueEmail } from '#tests/support/test-users.ts';
import { emailOutbox, user as userTable } from '../db/schema';
import { ACCOUNT_NAME_MAX_LENGTH, accountNameTooLongMessage } from './create-auth';

const APP_ORIGIN = 'https://offers.example.com';
const EVIL = 'evil.example';
const randomOctet = () => Math.floor(Math.random() * 254) + 1;
const freshAddress = () => ({ 'x-forwarded-for': `10.25.${randomOctet()}.${randomOctet()}` });

describeEachDatabase('account requests from an attacker', (database) => {
  let local: ReturnType<typeof createTestApp>;
  let production: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    local = createTestApp(database(), { TRUST_PROXY: '1' });
    production = createTestApp(database(), {
      NODE_ENV: 'production',
      APP_URL: APP_ORIGIN,
      EMAIL_OUTBOX_LOG: '1',
      TRUST_PROXY: '1',
    });
  });

  const mailsTo = (email: string) =>
    database().db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const nameOf = async (id: string) =>
    (await database().db.select({ name: userTable.name }).from(userTable).where(eq(userTable.id, id)))[0]?.name;

  /** A signed-in production user and the headers its browser sends, from the site's own origin. */
  async function productionUser() {
    const email = uniqueEmail('host');
    const signedUp = await postAuth(
      production,
      '/sign-up/email',
      { email, password: 'correct-horse-battery-42', name: 'Hana' },
      { ...freshAddress(), origin: APP_ORIGIN },
    );
    expect(signedUp.status).toBe(200);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    return { email, cookie };
  }

  it('in production builds no link on the Host a request names (finding 8)', async () => {
    const { email, cookie } = await productionUser();
    // The sign-up mailed its verification link, on APP_URL (the sign-up came from the site's own origin).
    const signUpMails = await mailsTo(email);
    expect(signUpMails).toHaveLength(1);
    expect(signUpMails[0]!.text).toContain(`${APP_ORIGIN}/api/auth/verify-email?`);
    const fromEvilHost = (path: string, body: unknown, origin: string) =>
      production.request(`http://${EVIL}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: EVIL, origin, cookie, ...freshAddress() },
        body: JSON.stringify(body),
      });

    // Host and Origin both evil.example, as a page on that host (DNS pointed at us) sends them.
    for (const origin of [`http://${EVIL}`, APP_ORIGIN]) {
      const refused = await fromEvilHost(
        '/send-verification-email',
        { email, callbackURL: `http://${EVIL}/x` },
        origin,
      );
      expect(refused.status, origin).toBe(403);
      const reset = await fromEvilHost('/request-password-reset', { email, redirectTo: `http://${EVIL}/x` }, origin);
      expect(reset.status, origin).toBe(403);
    }
    expect(await mailsTo(email)).toEqual(signUpMails);

    // A same-site callback from the evil Host: the e-mailed link is on APP_URL all the same.
    const sent = await fromEvilHost('/send-verification-email', { email, callbackURL: '/' }, APP_ORIGIN);
    expect(sent.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const mail = mails.find(({ text }) => text !== signUpMails[0]!.text);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(APP_ORIGIN);
    expect(mail!.text).not.toContain(EVIL);
  });

  it('refuses a callbackURL with line breaks, and the log gets no line of its choosing (finding 5)', async () => {
    const { headers, user } = await signUpTestUser(local);
    const signUpMails = await mailsTo(user.email);
    const forged = `/\n[email outbox] 00000000-forged to ${user.email}: Reset your password\n  link: https://${EVIL}/reset-password?token=stolen`;
    const printed: string[] = [];
    const capture = (...args: unknown[]) => void printed.push(format(...args));
    const spies = (['log', 'info', 'warn'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(capture),
    );
    try {
      const refused = await postAuth(
        local,
        '/send-verification-email',
        { email: user.email, callbackURL: forged },
        headers,
      );
      expect(refused.status).toBe(403);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const lines = printed.join('\n').split('\n');
    expect(lines.filter((line) => line.startsWith('[email outbox]') || line.startsWith('  link:'))).toEqual([]);
    expect(printed.join('\n')).toContain('\\n[email outbox] 00000000-forged');
    // Nothing mailed beyond the sign-up's own verification link.
    expect(signUpMails).toHaveLength(1);
    expect(await mailsTo(user.email)).toEqual(signUpMails);
  });

  it(`caps an account's name at ${ACCOUNT_NAME_MAX_LENGTH} characters, on update and at sign-up (finding 10)`, async () => {
    const { headers, user } = await signUpTestUser(local);
    const before = await nameOf(user.id);
    const update = (name: string) =>
      local.request('/api/auth/update-user', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });

    for (const name of ['x'.repeat(60_000), 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1)]) {
      const refused = await update(name);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'name-too-long', message: accountNameTooLongMessage });
      expect(await nameOf(user.id)).toBe(before);
    }
    expect((await update('y'.repeat(ACCOUNT_NAME_MAX_LENGTH))).status).toBe(200);
    expect(await nameOf(user.id)).toBe('y'.repeat(ACCOUNT_NAME_MAX_LENGTH));

    const email = uniqueEmail('long-name');
    const signUp = await postAuth(
      local,
      '/sign-up/email',
      { email, password: 'correct-horse-battery-42', name: 'x'.repeat(60_000) },
      freshAddress(),
    );
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ message: accountNameTooLongMessage });
    expect(await database().db.select().from(userTable).where(eq(userTable.email, email))).toEqual([]);
    await expect(signUpUser(local, { email, headers: freshAddress() })).resolves.toMatchObject({ email });
  });
});
