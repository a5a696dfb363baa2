import { Hono } from 'hono';
import type { AppContext } from '../app-context';
import { clientIp } from '../http/client-ip';
import { withOurAuthCodes } from './auth-codes';
import { authRateLimits } from './auth-rate-limits';
import { CLIENT_IP_HEADER } from './create-auth';

/** Every refusal of the API is JSON with a message; Better Auth answers some (an unknown path: 404) with an empty body. */
async function withJsonError(response: Response): Promise<Response> {
  if (response.status < 400 || (response.headers.get('content-type') ?? '').includes('application/json'))
    return response;
  const text = (await response.text()).trim();
  const message = text && text.length < 200 && !text.startsWith('<') ? text : defaultMessage(response.status);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: message, message }), { status: response.status, headers });
}

function defaultMessage(status: number) {
  if (status === 404) return 'Not found';
  if (status === 405) return 'Method not allowed';
  return 'The request was refused.';
}

/** Better Auth's endpoints under /api/auth/*, behind our database-backed rate limits, answering our codes. */
export function authRoutes({ env, database, auth }: AppContext) {
  const ipOf = (c: Parameters<typeof clientIp>[0]) => clientIp(c, env.TRUST_PROXY);
  return (
    new Hono()
      .use(authRateLimits({ db: database.db, betterAuth: auth.betterAuth, clientIp: ipOf }))
      // Workspaces, members and invitations are reached through /api/workspace (workspaces/), which
      // checks seats, roles and the sending policy before calling the plugin: never around it.
      .all('/organization/*', (c) => c.json({ error: 'Not found' }, 404))
      .on(['GET', 'POST'], '/*', async (c) => {
        // Better Auth records the address with each session; it gets ours, never a client's header.
        const headers = new Headers(c.req.raw.headers);
        headers.set(CLIENT_IP_HEADER, ipOf(c));
        // Its codes leave in our casing (auth-codes.ts): the one place they are translated.
        return withOurAuthCodes(
          await withJsonError(await auth.betterAuth.handler(new Request(c.req.raw, { headers }))),
        );
      })
  );
}
