import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ArvEstimateRequestSchema, MAX_ARV_COMPS, SavedArvCompsSchema } from '../../domain/arv/arv-request-schema';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { savedProperties } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createArvEstimator } from './estimate-arv-in-worker';

/** The ARV routes' body limit (bigger than the API's 64 KB: 500 comps with addresses), listed in http/limit-request-body.ts. */
export const ARV_BODY_LIMIT_BYTES = 320 * 1024;

/** Estimates per user and minute: a person re-estimating as they pin and exclude stays far below. */
export const ARV_ESTIMATE_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/**
 * The estimate's body: the fixed interface of ARCHITECTURE.md, plus the optional indexes of comps the
 * user pinned (used whatever screening says). Comps the user excluded are not sent.
 */
const EstimateBodySchema = ArvEstimateRequestSchema.extend({
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

const SaveCompsBodySchema = z.strictObject({ savedPropertyId: z.uuid(), arvComps: SavedArvCompsSchema.nullable() });

const tooLarge = () => {
  const message = `The request is too large (at most ${ARV_BODY_LIMIT_BYTES / 1024} KB).`;
  return new Response(JSON.stringify({ error: message, message, code: 'payload-too-large' }), {
    status: 413,
    headers: { 'content-type': 'application/json' },
  });
};

/**
 * /api/arv (signed in, any plan, issue 28):
 * - POST /estimate: comparable sales → { arv, low, high, confidence, factors, used, excluded }, or 422
 *   { error: 'not enough comparable sales', code: 'not-enough-comps', excluded } with fewer than 3
 *   usable comps. Stores nothing. Rate limited per user (429 { code: 'rate-limited' }). Estimated on a
 *   worker thread, so estimates do not hold the event loop (503 { code: 'busy' } when too many wait).
 * - PUT /comps: keeps the subject's facts, the comps with pin/exclude reasons and the ARV used with
 *   a saved property of the session's workspace (null clears them); 404 for anyone else's.
 */
export function arvRoutes(context: AppContext) {
  const body = bodyLimit({ maxSize: ARV_BODY_LIMIT_BYTES, onError: tooLarge });
  const estimator = createArvEstimator();
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post(
      '/estimate',
      body,
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
    )
    .put(
      '/comps',
      requireRole('work-deals'),
      body,
      limitPerUser(context, 'arv-comps'),
      validate('json', SaveCompsBodySchema),
      async (c) => {
        const { savedPropertyId, arvComps } = c.req.valid('json');
        const updated = await context.database.db
          .update(savedProperties)
          .set({ arvComps })
          .where(ownedRow(savedProperties, savedPropertyId, c.var.member.workspaceId))
          .returning({ id: savedProperties.id });
        if (updated.length === 0) throw new Refusal(404, 'Saved property not found');
        return c.json({ savedPropertyId, arvComps }, 200);
      },
    )
    .get('/comps/:savedPropertyId', validate('param', z.object({ savedPropertyId: z.uuid() })), async (c) => {
      const [row] = await context.database.db
        .select({ arvComps: savedProperties.arvComps })
        .from(savedProperties)
        .where(
          and(
            eq(savedProperties.id, c.req.valid('param').savedPropertyId),
            inWorkspace(savedProperties, c.var.member.workspaceId),
          ),
        );
      if (!row) throw new Refusal(404, 'Saved property not found');
      return c.json({ arvComps: row.arvComps }, 200);
    });
}
