import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { LeadRequestSchema } from '../../domain/leads/lead-request-schema';
import type { AppContext } from '../app-context';
import { clientIp } from '../http/client-ip';
import { validate } from '../http/validate';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';
import { recordLead } from './record-lead';

/** Lead submissions allowed per client address and window: a homeowner needs three at most (negotiate, programme, accept). */
export const LEAD_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;

/** 'Too many submissions. Please try again in N seconds.' (N rounded up, at least 1). */
export function tooManyLeadsMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many submissions. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** Counts every submission, valid or not, so the form cannot be used to flood the leads inbox. */
function limitLeadsPerClient({ env, database }: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const decision = await consumeRateLimit(database.db, {
      key: `leads:ip:${clientIp(c, env.TRUST_PROXY)}`,
      ...LEAD_RATE_LIMIT,
    });
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      return c.json({ error: tooManyLeadsMessage(decision.retryAfterMs) }, 429);
    }
    return next();
  };
}

/** §4, §5, issue 6: POST /api/leads stores a homeowner's accept, counter-offer or programme request; anyone may send one. */
export function leadsRoutes(context: AppContext) {
  return new Hono().post('/', limitLeadsPerClient(context), validate('json', LeadRequestSchema), async (c) => {
    const { id } = await recordLead(context, c.req.valid('json'));
    return c.json({ id }, 201);
  });
}
