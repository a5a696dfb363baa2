import { Hono } from 'hono';
import type { AppContext } from '../app-context';
import { clientIp } from '../http/client-ip';
import { authRateLimits } from './auth-rate-limits';
import { CLIENT_IP_HEADER } from './create-auth';

/** Better Auth's endpoints under /api/auth/*, behind our database-backed rate limits. */
export function authRoutes({ env, database, auth }: AppContext) {
  const ipOf = (c: Parameters<typeof clientIp>[0]) => clientIp(c, env.TRUST_PROXY);
  return new Hono()
    .use(authRateLimits({ db: database.db, betterAuth: auth.betterAuth, clientIp: ipOf }))
    .on(['GET', 'POST'], '/*', (c) => {
      // Better Auth records the address with each session; it gets ours, never a client's header.
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, ipOf(c));
      return auth.betterAuth.handler(new Request(c.req.raw, { headers }));
    });
}
