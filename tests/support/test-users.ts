// Signing up and in through the real Better Auth endpoints, as the browser does (JSON, same
// Origin), for tests of anything behind requireUser.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { user as userTable } from '#server/db/schema.ts';

interface RequestingApp {
  request(input: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-battery-42';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The `Cookie` header a browser would send back after this response (name=value pairs). */
export function cookieFrom(response: { headers: { getSetCookie(): string[] } }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** POST to /api/auth/... with JSON and the app's Origin, as the web app does. */
export function postAuth(app: RequestingApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

export interface SignedInUser {
  email: string;
  password: string;
  userId: string;
  /** Send as the `cookie` header. */
  cookie: string;
}

/** Registers a new account (signed in, as after the register form) and returns its session cookie. */
export async function signUpUser(
  app: RequestingApp,
  {
    email = uniqueEmail(),
    password = TEST_PASSWORD,
    headers = {},
    name = email.split('@')[0],
  }: { email?: string; password?: string; headers?: Record<string, string>; name?: string } = {},
): Promise<SignedInUser> {
  const response = await postAuth(app, '/sign-up/email', { email, password, name }, headers);
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { email, password, userId: user.id, cookie: cookieFrom(response) };
}

/** Signs in and returns the new session cookie; throws unless the sign-in succeeded. */
export async function signInUser(
  app: RequestingApp,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const response = await postAuth(app, '/sign-in/email', { email, password }, headers);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response);
}

/**
 * A new signed-in user and the headers its browser would send with API requests. Each sign-up
 * comes from its own client address, so that apps built with TRUST_PROXY (as createTestApp
 * does for feature tests) do not rate-limit a test that needs many users.
 */
export async function signUpTestUser(app: RequestingApp, address = uniqueEmail(), { name }: { name?: string } = {}) {
  const clientAddress = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  const { userId, email, cookie } = await signUpUser(app, {
    email: address,
    headers: { 'x-forwarded-for': clientAddress },
    ...(name !== undefined && { name }),
  });
  return { user: { id: userId, email }, headers: { cookie, origin: TEST_ORIGIN } };
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;

/** Marks the user's e-mail verified, as opening the verification link does. */
export async function markEmailVerified(db: Pick<Database, 'update'>, userId: string) {
  await db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, userId));
}

/** The wholesaler profile the tests and benches give an account: what its offer links and personal page show. */
export function leeHomesProfile(handle: string | null) {
  return {
    handle,
    displayName: 'Lee Homes Buyer',
    company: 'Lee Homes',
    phone: '512-555-0199',
    replyToEmail: '',
    postalAddress: '',
    notifyOnLeads: true,
  };
}
