import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PROOF_OF_FUNDS_BYTES, proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { MAX_PHOTO_BYTES, photoMessages } from '#domain/photos/photo-rules.ts';
import type { RefusalCode } from './refusal';

/** Every /api request body: at most 64 KB (a saved property with 50 repairs is about 40 KB). */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** A body carrying up to 500 comparable sales with their addresses (MAX_ARV_COMPS). */
export const COMPS_BODY_LIMIT_BYTES = 320 * 1024;

/** A buyers list's CSV text (MAX_BUYER_LIST_ROWS rows) in its JSON request. */
export const BUYER_LIST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * The only routes whose bodies may be larger, each with its own bound: a bulk send carries up
 * to 50,000 properties; the payment provider's events are a few KB but not ours to shape. A
 * ':name' part of a path stands for any one part (an id).
 */
export const LARGER_BODY_LIMITS: readonly { method: string; path: string; maxBytes: number; message?: string }[] = [
  { method: 'POST', path: '/api/bulk-send', maxBytes: 32 * 1024 * 1024 },
  // A mail send ("Print them yourself") carries the same rows as a bulk send (issue 41).
  { method: 'POST', path: '/api/mail/print-runs', maxBytes: 32 * 1024 * 1024 },
  { method: 'POST', path: '/api/mail/lob/sends', maxBytes: 32 * 1024 * 1024 },
  { method: 'POST', path: '/api/billing/stripe-webhook', maxBytes: 256 * 1024 },
  // The review's first rows (MAX_KNOWN_PROPERTY_ROWS), each an address and an offer (issue 41).
  { method: 'POST', path: '/api/import-review/known-properties', maxBytes: 2 * 1024 * 1024 },
  // Up to 500 comparable sales (issue 28): an estimate, or a save whose market value is their ARV.
  // Each route reads them through its own routeBodyLimit after sign-in.
  { method: 'POST', path: '/api/arv/estimate', maxBytes: COMPS_BODY_LIMIT_BYTES },
  { method: 'POST', path: '/api/properties', maxBytes: COMPS_BODY_LIMIT_BYTES },
  // A buyers list (issue 39): up to 5,000 rows of CSV text.
  { method: 'POST', path: '/api/buyers/import', maxBytes: BUYER_LIST_BODY_LIMIT_BYTES },
  // One photo's bytes (issue 39), refused in the photo's own words.
  { method: 'POST', path: '/api/photos', maxBytes: MAX_PHOTO_BYTES, message: photoMessages.tooLarge },
  // A buyer's proof-of-funds file (issue 39), refused in its own words.
  {
    method: 'PUT',
    path: '/api/buyers/:id/proof-of-funds',
    maxBytes: MAX_PROOF_OF_FUNDS_BYTES,
    message: proofOfFundsMessages.tooLarge,
  },
  // A buyer's offer from their deal page (issue 39 §4): its fields and a proof-of-funds file, as a form.
  {
    method: 'POST',
    path: '/api/public/deals/:token/offers',
    maxBytes: MAX_PROOF_OF_FUNDS_BYTES + API_BODY_LIMIT_BYTES,
    message: proofOfFundsMessages.tooLarge,
  },
];

/** Whether `path` is the listed `pattern`, part by part, a ':name' part matching any one non-empty part. */
function matchesListedPath(pattern: string, path: string) {
  if (!pattern.includes('/:')) return pattern === path;
  const wanted = pattern.split('/');
  const parts = path.split('/');
  return (
    wanted.length === parts.length &&
    wanted.every((part, index) => (part.startsWith(':') ? parts[index] !== '' : part === parts[index]))
  );
}

function largerLimitFor(method: string, path: string) {
  const normalizedPath = path.replace(/\/+$/, '');
  return LARGER_BODY_LIMITS.find((route) => route.method === method && matchesListedPath(route.path, normalizedPath));
}

function tooLarge(c: Context, maxBytes: number, routeMessage?: string) {
  const message = routeMessage ?? `The request is too large (at most ${Math.floor(maxBytes / 1024)} KB).`;
  return c.json({ error: message, message, code: 'payload-too-large' satisfies RefusalCode }, 413);
}

/**
 * A larger route's own limit, read after it has authorised the caller (413 as limitRequestBody
 * answers it), refused in the route's own words when it has them.
 */
export function routeBodyLimit(maxBytes: number, message?: string): MiddlewareHandler {
  const streamingLimit = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, maxBytes, message) });
  return async (c, next) => {
    // A declared length is all bodyLimit would check, but asking it builds the whole Request and
    // the route then reads its body through a web stream (limitRequestBody, below, says the same).
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > maxBytes ? tooLarge(c, maxBytes, message) : next();
    }
    return streamingLimit(c, next);
  };
}

/**
 * The request body limit of the whole API, first of all middleware: a declared Content-Length
 * above the route's limit (or not a number) is refused before one byte of the body is read; a
 * body without one (chunked) is read only up to the limit. Routes and rate limiters after it
 * never see more than the limit; rate limiters run before any route parses the body.
 */
export function limitRequestBody(): MiddlewareHandler {
  // Only a body of the common limit is read here: a larger route reads its own (below).
  const streamingLimit = routeBodyLimit(API_BODY_LIMIT_BYTES);

  return async (c, next) => {
    const larger = largerLimitFor(c.req.method, c.req.path);
    const maxBytes = larger?.maxBytes ?? API_BODY_LIMIT_BYTES;
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      if (!/^\d{1,15}$/.test(declared.trim())) {
        const message = 'Invalid Content-Length.';
        return c.json({ error: message, message, code: 'bad-content-length' satisfies RefusalCode }, 400);
      }
      if (Number(declared) > maxBytes) return tooLarge(c, maxBytes, larger?.message);
    }
    // A GET or HEAD request has no body (fetch's Request cannot hold one). Asking for its body
    // stream anyway would build the whole Request object on every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A larger route reads its chunked body through its own limit, after authorising the caller
    // (routeBodyLimit; bulk-send-routes.ts), so an anonymous caller cannot make us buffer 32 MB.
    if (larger !== undefined) return next();
    // A declared length was checked above, and bodyLimit would only check it again (it reads no
    // body that has one, unless it is also chunked). Asking it would still build the whole
    // Request on the way, and the route would then read its body as a web stream, not directly.
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) return next();
    return streamingLimit(c, next);
  };
}
