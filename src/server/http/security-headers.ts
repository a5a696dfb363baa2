import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** A wholesaler's personal calculator `/c/{handle}` (and nothing below it): the one page other sites may frame. */
export const PERSONAL_PAGE_PATH = /^\/c\/[a-z0-9-]{3,30}\/?$/i;

/** Two years, subdomains included: sent only when the app is served over https (APP_URL). */
const HSTS = 'max-age=63072000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** APP_URL is https: browsers are told to use nothing else (HSTS). */
  https?: boolean;
  /** Google's place suggestions are configured: their script, styles, fonts and images are allowed. */
  googleMaps?: boolean;
}

/**
 * HSTS goes with every answer when APP_URL is https, and with any answer to a request that came
 * over https (directly or, per X-Forwarded-Proto, through a proxy). Browsers ignore it over plain
 * http, so a forged X-Forwarded-Proto changes nothing for anyone else.
 */
function withHsts(https: boolean | undefined, handler: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    await handler(c, next);
    const overHttps =
      https === true || c.req.url.startsWith('https://') || c.req.header('x-forwarded-proto') === 'https';
    if (overHttps) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}

const common = () =>
  ({
    strictTransportSecurity: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xXssProtection: '0',
    // Stripe checkout and Google sign-in are navigations of the whole window: nothing needs the opener.
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // Set below, per page: the personal page must stay frameable.
    xFrameOptions: false,
  }) as const;

/** Every /api answer: JSON, never a document to render or frame. */
export function apiSecurityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler {
  return withHsts(
    options.https,
    secureHeaders({
      ...common(),
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      xFrameOptions: 'DENY',
    }),
  );
}

/**
 * The built web app's pages and assets. The policy fits what vite builds: scripts and styles
 * from our own /assets (no inline script in index.html), styles injected at run time by the
 * toast library (hence 'unsafe-inline' for styles only), the CSV parser's module worker, the
 * data: favicon; Google's place suggestions only when configured. Every page refuses to be
 * framed except a personal calculator page, which wholesalers embed in their own sites.
 */
export function pageSecurityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler {
  const google = options.googleMaps
    ? {
        script: ['https://maps.googleapis.com'],
        style: ['https://fonts.googleapis.com'],
        font: ['https://fonts.gstatic.com'],
        img: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
        connect: ['https://maps.googleapis.com'],
      }
    : { script: [], style: [], font: [], img: [], connect: [] };
  const frameable = (c: Context) => PERSONAL_PAGE_PATH.test(c.req.path);
  const headers = secureHeaders({
    ...common(),
    // A page framed by another site loads its own assets from here: allow that for the personal page.
    crossOriginResourcePolicy: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google.script],
      styleSrc: ["'self'", "'unsafe-inline'", ...google.style],
      fontSrc: ["'self'", ...google.font],
      imgSrc: ["'self'", 'data:', ...google.img],
      connectSrc: ["'self'", ...google.connect],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [(c) => (frameable(c) ? '*' : "'none'")],
    },
  });
  return withHsts(options.https, async (c, next) => {
    await headers(c, async () => {
      await next();
      if (!frameable(c)) c.res.headers.set('X-Frame-Options', 'DENY');
    });
  });
}
