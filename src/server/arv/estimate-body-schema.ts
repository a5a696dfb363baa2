import { z } from 'zod';
import { ArvEstimateRequestSchema, MAX_ARV_COMPS } from '#domain/arv/arv-request-schema.ts';

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
