import { Hono } from 'hono';
import { z } from 'zod';
import { ArvEstimateRequestSchema, MAX_ARV_COMPS } from '#domain/arv/arv-request-schema.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { COMPS_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createArvEstimator } from './estimate-arv-in-worker';

/** Estimates per user and minute: a person re-estimating as they pin and exclude stays far below. */
export const ARV_ESTIMATE_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/**
 * The estimate's body: the fixed interface of ARCHITECTURE.md, plus the optional indexes of comps the
 * user pinned (used whatever screening says). Comps the user excluded are not sent.
 */
export const EstimateBodySchema = ArvEstimateRequestSchema.extend({
  pinned: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(MAX_ARV_COMPS - 1),
    )
    .max(MAX_ARV_COMPS)
    .optional(),
});

/**
 * /api/arv (signed in, any plan, issue 28):
 * - POST /estimate: comparable sales → { arv, low, high, confidence, factors, used, excluded }, or 422
 *   { error: 'not enough comparable sales', code: 'not-enough-comps', excluded } with fewer than 3
 *   usable comps. Stores nothing. Rate limited per user (429 { code: 'rate-limited' }). Estimated on a
 *   worker thread, so estimates do not hold the event loop (503 { code: 'busy' } when too many wait).
 * The comps behind an ARV used for an offer are kept by the property's save (POST /api/properties).
 */
export function arvRoutes(context: AppContext) {
  const estimator = createArvEstimator();
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post(
      '/estimate',
      routeBodyLimit(COMPS_BODY_LIMIT_BYTES),
      limitPerUser(context, 'arv-estimate', ARV_ESTIMATE_RATE_LIMIT),
      validate('json', EstimateBodySchema),
      async (c) => {
        const { pinned = [], ...request } = c.req.valid('json');
        const result = await estimator.estimate(request, pinned);
        if (result.kind === 'not-enough') {
          throw new Refusal(422, result.reason, {
            code: 'not-enough-comps',
            details: { usable: result.usable, excluded: result.excluded },
          });
        }
        const { arv, low, high, confidence, factors, used, excluded, trend, sizeSlope } = result;
        return c.json({ arv, low, high, confidence, factors, used, excluded, trend, sizeSlope }, 200);
      },
    );
}
