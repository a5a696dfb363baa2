import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { GeocodeRequestSchema } from '#domain/arv/geocode-request-schema.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { COMPS_BODY_LIMIT_BYTES, routeBodyLimit } from '../http/limit-request-body';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { Refusal } from '../http/refusal';
import { validate } from '../http/validate';
import { limitPerUser } from '../rate-limit/limit-per-user';
import { createArvEstimator } from './estimate-arv-in-worker';
import type { EstimateBodySchema } from './estimate-body-schema';
import type { EstimateAnswer } from './estimate-from-body';
import { createAddressGeocoder } from './geocode-address';

/** Estimates per user and minute: a person re-estimating as they pin and exclude stays far below. */
export const ARV_ESTIMATE_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/**
 * Addresses located per user and minute: each may call out to a geocoder (the Census Geocoder is a
 * free public service, Google's is billed per request), and a person locates one property at a time.
 */
export const GEOCODE_RATE_LIMIT = { limit: 20, windowMs: 60_000 } as const;

/** A JSON media type, as Hono's validator recognises one: any other body is read as no fields. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Hono's validator's answer to a body that is not JSON (app.onError answers it as { error }). */
const malformedJson = () => new HTTPException(400, { message: 'Malformed JSON in request body' });

/** The body's bytes; a body that cannot be read is answered as one that is not JSON, as the validator answered it. */
async function readBody(read: Promise<ArrayBuffer>) {
  try {
    return new Uint8Array(await read);
  } catch {
    throw malformedJson();
  }
}

/**
 * The body's type for the typed client, as a validator would declare it. The body itself is read,
 * parsed and validated on the ARV worker (estimateFromBody), not on the event loop.
 */
const estimateBodyType: MiddlewareHandler<
  { Variables: AuthVariables },
  '/estimate',
  { in: { json: z.input<typeof EstimateBodySchema> }; out: { json: z.output<typeof EstimateBodySchema> } }
> = (_c, next) => next();

/**
 * /api/arv (signed in, any plan, issue 28):
 * - POST /estimate: comparable sales → { arv, low, high, confidence, factors, used, excluded }, or 422
 *   { error: 'not enough comparable sales', code: 'not-enough-comps', excluded } with fewer than 3
 *   usable comps. Stores nothing. Rate limited per user (429 { code: 'rate-limited' }). Parsed,
 *   validated (400 with the first issue) and estimated on a worker thread, so estimates do not hold
 *   the event loop (503 { code: 'busy' } when too many wait).
 * - POST /geocode: { address } → { lat, lng, matchedAddress, source }, the subject's location from its
 *   address (Google's Geocoding API with the Maps key, else the U.S. Census Geocoder; each address
 *   remembered); 422 { code: 'address-not-found' } when the geocoder knows no such address, 502 in
 *   words when it failed. Rate limited per user (429).
 * The comps behind an ARV used for an offer are kept by the property's save (POST /api/properties).
 */
export function arvRoutes(context: AppContext) {
  const estimator = createArvEstimator();
  const geocoder = createAddressGeocoder(context.env);
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .post(
      '/geocode',
      limitPerUser(context, 'arv-geocode', GEOCODE_RATE_LIMIT),
      validate('json', GeocodeRequestSchema),
      async (c) => {
        const { address } = c.req.valid('json');
        const location = await refuseWhenUpstreamFails(
          'Locating an address',
          (error) =>
            `Could not find the property's location: ${error.message}. Try again, or type its latitude and longitude.`,
          () => geocoder.geocode(address),
        );
        if (!location) {
          throw new Refusal(
            422,
            'No location was found for that address. Check the street, city, state and ZIP code, or type the latitude and longitude.',
            { code: 'address-not-found' },
          );
        }
        return c.json(location, 200);
      },
    )
    .post(
      '/estimate',
      routeBodyLimit(COMPS_BODY_LIMIT_BYTES),
      limitPerUser(context, 'arv-estimate', ARV_ESTIMATE_RATE_LIMIT),
      estimateBodyType,
      async (c) => {
        const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
        const body = JSON_MEDIA_TYPE.test(mediaType) ? await readBody(c.req.arrayBuffer()) : undefined;
        const outcome = await estimator.estimate(body);
        switch (outcome.kind) {
          case 'malformed':
            throw malformedJson();
          case 'invalid':
            return c.json(outcome.answer, 400);
          case 'not-enough':
            throw new Refusal(422, outcome.reason, {
              code: 'not-enough-comps',
              details: { usable: outcome.usable, excluded: outcome.excluded },
            });
          case 'estimate':
            // The worker wrote the answer's JSON (estimateFromBody); c.json would write the same bytes.
            return c.body(outcome.json, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<
              typeof c.json<EstimateAnswer, 200>
            >;
        }
      },
    );
}
