import type { MiddlewareHandler } from 'hono';
import type { RefusalCode } from './refusal';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every mutating /api request (ours and Better Auth's): a browser sends
 * Origin (and Sec-Fetch-Site) with such requests, and we refuse with 403 one that comes from
 * another site. Allowed origins: APP_URL's, and the origin the request was addressed to (the
 * same site, e.g. the Vite dev server's proxy). Requests without either header do not come
 * from a browser page (curl, the payment provider's webhook) and carry no ambient cookies
 * from another site, so they pass.
 */
export function refuseCrossSiteRequests({ appUrl }: { appUrl: string }): MiddlewareHandler {
  const appOrigin = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    // The request's own origin is parsed only for an Origin that is not APP_URL's.
    const crossSite =
      fetchSite === 'cross-site' ||
      fetchSite === 'same-site' ||
      (origin !== undefined && origin !== appOrigin && origin !== new URL(c.req.url).origin);
    if (crossSite) {
      const message = 'Requests from other sites are not allowed.';
      return c.json({ error: message, message, code: 'cross-site-request' satisfies RefusalCode }, 403);
    }
    return next();
  };
}
