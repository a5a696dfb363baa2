import { z } from 'zod';
import { type ArvEstimate, type ArvNotEnough, estimateArv } from '#domain/arv/estimate-arv.ts';
import { invalidRequestAnswer } from '../http/invalid-request-answer';
import { EstimateBodySchema } from './estimate-body-schema';

/**
 * What an estimate request's body comes to, as the route answers it:
 * - `malformed`: not JSON (400, as Hono's validator answers it);
 * - `invalid`: JSON the schema refuses (400 with the first issue, as `validate` answers it);
 * - `not-enough`: fewer than 3 usable comps (422);
 * - `estimate`: the answer's JSON text (200).
 */
export type EstimateFromBodyOutcome =
  | { kind: 'malformed' }
  | { kind: 'invalid'; answer: ReturnType<typeof invalidRequestAnswer> }
  | ArvNotEnough
  | { kind: 'estimate'; json: string };

let compiledSchema: typeof EstimateBodySchema | undefined;

/**
 * Reads, validates and estimates one body of POST /api/arv/estimate, on the ARV worker thread: for
 * 500 comps the parse, the validation and the answer's JSON cost the thread that does them about
 * 1 ms, which the server's event loop no longer pays. `body` is the body's bytes, or undefined when
 * it is not declared JSON (then read as no fields at all, as Hono's validator reads it).
 */
export function estimateFromBody(body: Uint8Array | undefined): EstimateFromBodyOutcome {
  let value: unknown = {};
  if (body) {
    try {
      value = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return { kind: 'malformed' };
    }
  }
  // The compiled schema answers as the schema does (http/validate.ts), made on first use.
  compiledSchema ??= z.compile(EstimateBodySchema);
  const parsed = compiledSchema.safeParse(value);
  if (!parsed.success) return { kind: 'invalid', answer: invalidRequestAnswer(parsed.error) };
  const { pinned = [], ...request } = parsed.data;
  const result = estimateArv(request, { pinned: new Set(pinned) });
  if (result.kind === 'not-enough') return result;
  const { arv, low, high, confidence, factors, used, excluded, trend, sizeSlope } = result;
  return {
    kind: 'estimate',
    json: JSON.stringify({ arv, low, high, confidence, factors, used, excluded, trend, sizeSlope }),
  };
}

/** The fields of a 200 answer (the worker sends them as JSON text). */
export type EstimateAnswer = Pick<
  ArvEstimate,
  'arv' | 'low' | 'high' | 'confidence' | 'factors' | 'used' | 'excluded' | 'trend' | 'sizeSlope'
>;
