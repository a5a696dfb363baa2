import { createAuthClient } from 'better-auth/client';

/**
 * Better Auth's client for /api/auth on this origin, for its actions (sign in, sign up, sign out,
 * password reset, verification e-mail). Only the pages that act load it; the session itself is
 * read by use-session.ts, a query like any other, so that a page the server draws comes with it.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });
