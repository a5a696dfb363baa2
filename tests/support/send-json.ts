// API requests as the browser sends them, for integration tests of apps built with TRUST_PROXY.

interface RequestingApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/** A random client address in 10/8, so that per-address rate limits do not throttle a test's many requests. */
export const freshClientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Sends `body` as JSON (a string as it is) from a fresh client address, with the caller's headers (cookie, origin). */
export function sendJson(
  app: RequestingApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  return app.request(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json', 'x-forwarded-for': freshClientAddress() },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
