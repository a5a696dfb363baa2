import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { logger } from './logger';
import { httpRequestDuration, httpRequests } from './metrics';
import { runInRequestContext, type RequestContext } from './request-context';
import { requestIdFor } from './request-id';

// Any other method a client sends is counted as one, so it cannot grow the metrics without bound.
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Gives each request an id (a trusted proxy's X-Request-Id, else a new one), answers it in the
 * X-Request-Id header, runs the request in its context so every line it causes carries the id, and
 * writes one access line and the request metrics when it is answered. Routes are named by their
 * pattern (`/api/public/offers/:token`), never by the path, which may hold a token.
 */
export function observeRequests({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const context: RequestContext = { requestId: requestIdFor(c.req.header('x-request-id'), trustProxy) };
    c.header('X-Request-Id', context.requestId);
    await runInRequestContext(context, async () => {
      await next();
      const durationMs = performance.now() - started;
      const route = routePath(c) || 'unmatched';
      const status = c.res.status;
      const method = knownMethods.has(c.req.method) ? c.req.method : 'OTHER';
      logger.info({ method, route, status, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
      const labels = { method, route, status };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, durationMs / 1000);
    });
    if (!c.res.headers.has('X-Request-Id')) c.header('X-Request-Id', context.requestId);
  };
}
