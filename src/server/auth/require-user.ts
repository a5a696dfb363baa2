import { isAPIError } from 'better-auth/api';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../app-context';
import type { BetterAuth } from './create-auth';

/** The signed-in user, as route handlers see it (`c.var.user`). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

/** Hono variables set by requireUser: `new Hono<{ Variables: AuthVariables }>()`. */
export interface AuthVariables {
  user: AuthUser;
  sessionId: string;
}

/** Hono variables set by optionalUser: `c.var.user` is null when nobody is signed in. */
export interface OptionalAuthVariables {
  user: AuthUser | null;
  sessionId: string | null;
}

/**
 * Reads the session from the request's cookie. When Better Auth extends the session (it does
 * so once a day while the user is active), its refreshed cookie is passed on to the response.
 */
async function readSession(betterAuth: BetterAuth, c: Parameters<MiddlewareHandler>[0]) {
  let result;
  try {
    result = await betterAuth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  } catch (error) {
    // A session that could not be extended (past its absolute lifetime: create-auth.ts) has ended.
    if (isAPIError(error) && error.statusCode === 401) return null;
    throw error;
  }
  const { headers, response } = result;
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  if (!response) return null;
  const { user, session } = response;
  return { user: { id: user.id, email: user.email, name: user.name }, sessionId: session.id };
}

/** Answers 401 {error: 'Please sign in'} without a valid session; otherwise sets c.var.user. */
export function requireUser({ auth }: Pick<AppContext, 'auth'>): MiddlewareHandler<{ Variables: AuthVariables }> {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const found = await readSession(auth.betterAuth, c);
    if (!found) return c.json({ error: 'Please sign in' }, 401);
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    await next();
  });
}

/** Sets c.var.user to the signed-in user, or null, and always continues. */
export function optionalUser({
  auth,
}: Pick<AppContext, 'auth'>): MiddlewareHandler<{ Variables: OptionalAuthVariables }> {
  return createMiddleware<{ Variables: OptionalAuthVariables }>(async (c, next) => {
    const found = await readSession(auth.betterAuth, c);
    c.set('user', found?.user ?? null);
    c.set('sessionId', found?.sessionId ?? null);
    await next();
  });
}
