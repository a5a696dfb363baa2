// Issue 38, part 4: a caller of /api/auth is given its codes in our one casing, as every other
// route gives them (http/refusal.ts), never Better Auth's SCREAMING_SNAKE_CASE or snake_case.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialMessages } from '#domain/auth/credentials.ts';
import { startGoogleOidcFake, type GoogleOidcFake } from '#tests/fakes/google-oidc-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import {
  cookieFrom,
  postAuth,
  signUpUser,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
} from '#tests/support/test-users.ts';
import { authCode, withOurAuthCodes } from './auth-codes';

describe('authCode', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'invalid-email-or-password'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'user-already-exists-use-another-email'],
    ['INVALID_TOKEN', 'invalid-token'],
    ['account_not_linked', 'account-not-linked'],
    ['email_not_verified', 'email-not-verified'],
    ['password-too-common', 'password-too-common'],
  ])('gives %s as %s', (library, ours) => {
    expect(authCode(library)).toBe(ours);
  });

  it("gives a code it does not list as 'auth-refused'", () => {
    for (const unlisted of ['PROVIDER_NOT_FOUND', 'access_denied', 'Something went wrong', '']) {
      expect(authCode(unlisted)).toBe('auth-refused');
    }
  });
});

describe('withOurAuthCodes', () => {
  it('translates a JSON refusal, its message, status and cookies kept, the code in its place', async () => {
    const headers = new Headers({ 'content-type': 'application/json', 'content-length': '62' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    const answer = await withOurAuthCodes(
      new Response(JSON.stringify({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }), {
        status: 401,
        headers,
      }),
    );
    expect(answer.status).toBe(401);
    expect(await answer.text()).toBe(
      JSON.stringify({ message: 'Invalid email or password', code: 'invalid-email-or-password' }),
    );
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(answer.headers.get('content-length')).toBeNull();
  });

  it("translates a redirect's error query and keeps the rest of the address", async () => {
    const answer = await withOurAuthCodes(
      new Response(null, {
        status: 302,
        headers: { location: 'http://localhost:3000/login?error=account_not_linked&error_description=a+b%21' },
      }),
    );
    expect(answer.headers.get('location')).toBe(
      'http://localhost:3000/login?error=account-not-linked&error_description=a+b%21',
    );
    const unlisted = await withOurAuthCodes(
      new Response(null, { status: 302, headers: { location: '/?emailVerified=1&error=%zz' } }),
    );
    expect(unlisted.headers.get('location')).toBe('/?emailVerified=1&error=auth-refused');
  });

  it('leaves answers without a code as they are', async () => {
    const ok = new Response(JSON.stringify({ code: 'NOT_A_REFUSAL' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    expect(await withOurAuthCodes(ok)).toBe(ok);
    const signedIn = new Response(null, { status: 302, headers: { location: '/saved?token=x' } });
    expect(await withOurAuthCodes(signedIn)).toBe(signedIn);
    const text = await withOurAuthCodes(
      new Response('[1]', { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    expect(await text.text()).toBe('[1]');
  });
});

let google: GoogleOidcFake;
beforeAll(async () => {
  google = await startGoogleOidcFake();
});
afterAll(() => google.close());

describeEachDatabase('the codes /api/auth answers a refused caller', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let counter = 0;
  /** Each request from its own client address, so no rate limit but the one under test refuses. */
  const fresh = () => ({ 'x-forwarded-for': `203.0.${Math.floor(++counter / 250)}.${(counter % 250) + 1}` });
  const codeOf = async (response: Response) => ((await response.json()) as { code?: unknown }).code;

  beforeAll(() => {
    app = createTestApp(database(), {
      TRUST_PROXY: '1',
      GOOGLE_CLIENT_ID: 'codes-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-codes-secret',
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    });
  });

  it('a wrong password, an existing user, a too common password: kebab-case codes, messages unchanged', async () => {
    const owner = await signUpUser(app, { email: uniqueEmail('codes'), headers: fresh() });

    const wrongPassword = await postAuth(
      app,
      '/sign-in/email',
      { email: owner.email, password: 'not the password' },
      fresh(),
    );
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toEqual({
      message: 'Invalid email or password',
      code: 'invalid-email-or-password',
    });

    const existing = await postAuth(
      app,
      '/sign-up/email',
      { email: owner.email, password: TEST_PASSWORD, name: 'Again' },
      fresh(),
    );
    expect(existing.status).toBe(422);
    expect(await codeOf(existing)).toBe('user-already-exists-use-another-email');

    const common = await postAuth(
      app,
      '/sign-up/email',
      { email: uniqueEmail('common'), password: 'Password1', name: 'Common' },
      fresh(),
    );
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      message: credentialMessages.passwordTooCommon,
      code: 'password-too-common',
    });

    const invalidEmail = await postAuth(
      app,
      '/sign-in/email',
      { email: 'not-an-address', password: TEST_PASSWORD },
      fresh(),
    );
    expect(invalidEmail.status).toBe(400);
    expect(await codeOf(invalidEmail)).toBe('invalid-email');
  });

  it('an e-mail Google has not verified, and a refused verification link: kebab-case error queries', async () => {
    google.signInAs({ sub: randomUUID(), email: uniqueEmail('unverified'), email_verified: false, name: 'Una' });
    const start = await postAuth(
      app,
      '/sign-in/social',
      { provider: 'google', callbackURL: '/saved', errorCallbackURL: '/login' },
      fresh(),
    );
    const authorize = await fetch(((await start.json()) as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const answer = await app.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookieFrom(start) },
    });
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!, TEST_ORIGIN).searchParams.get('error')).toBe('email-not-verified');

    const link = await app.request('/api/auth/verify-email?token=not-a-token&callbackURL=%2F%3FemailVerified%3D1');
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/?emailVerified=1&error=invalid-token');
  });

  it("ours in front of Better Auth, and a code of its that we do not list ('auth-refused')", async () => {
    const form = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, ...fresh() },
      body: 'email=a%40example.com&password=x',
    });
    expect(form.status).toBe(415);
    expect(await codeOf(form)).toBe('unsupported-media-type');

    const unknownProvider = await postAuth(app, '/sign-in/social', { provider: 'github', callbackURL: '/' }, fresh());
    expect(unknownProvider.status).toBe(404);
    expect(await unknownProvider.json()).toMatchObject({ message: 'Provider not found', code: 'auth-refused' });
  });
});
