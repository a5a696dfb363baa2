import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's client for /api/auth on this origin. Its session store refetches when the
 * window regains focus, and a sign-in or sign-out in one tab tells the others (through a
 * localStorage event) to refetch: signing out in one tab signs out all of them.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });
