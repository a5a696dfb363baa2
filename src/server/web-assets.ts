import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { PublicConfig } from './config/public-config';
import { getSessionCookie } from 'better-auth/cookies';
import { AUTH_COOKIE_PREFIX } from './auth/create-auth';
import { pageDataPreloadTags, pagePreloadTags } from './page-preloads';
import { pageSecurityHeaders } from './http/security-headers';

/**
 * Serves the built web app from `root`, with index.html for every client-side route. The
 * browser's configuration is written into index.html, so the first paint waits for no request.
 */
export function webAssets(root: string, publicConfig: PublicConfig) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run \`npm run build\`.`);
  }
  const indexHtml = withInlineStylesheets(withInlineConfig(readFileSync(indexFile, 'utf8'), publicConfig), root);
  // A lazily loaded page's own files, preloaded with the page that needs them.
  const pageHtml = new Map([...pagePreloadTags(root)].map(([pagePath, tags]) => [pagePath, inHead(indexHtml, tags)]));
  // And, for someone signed in, the data it asks for first. Only with a session cookie (signed
  // out, the requests would be refused) and no query (a filtered page asks for other data).
  const signedInPageHtml = new Map(
    [...pageDataPreloadTags()].map(([pagePath, tags]) => [pagePath, inHead(pageHtml.get(pagePath) ?? indexHtml, tags)]),
  );
  return (
    new Hono()
      .use(compress())
      // Content-Security-Policy, nosniff, Referrer-Policy, HSTS under https. Only a wholesaler's
      // personal calculator /c/{handle} may be embedded in other sites (its iframe snippet);
      // every other page refuses to be framed, against clickjacking.
      .use(pageSecurityHeaders({ googleMaps: publicConfig.googleMapsApiKey !== null }))
      .use(
        '/assets/*',
        async (c, next) => {
          await next();
          // File names carry a content hash, so they never change.
          if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
        },
        serveStatic({ root }),
      )
      // A missing hashed asset is a stale page asking for an old build: say so, not index.html.
      .get('/assets/*', (c) => c.text('Not found', 404))
      // The build's manifest is for the server (page preloads), not a page.
      .get('/.vite/*', (c) => c.text('Not found', 404))
      .use(serveStatic({ root }))
      .get('*', (c) => {
        c.header('Cache-Control', 'no-cache');
        const signedInHtml = signedInPageHtml.get(c.req.path);
        if (signedInHtml) {
          c.header('Vary', 'Cookie');
          const withSession = getSessionCookie(c.req.raw, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null;
          if (withSession && !c.req.url.includes('?')) return c.html(signedInHtml);
        }
        return c.html(pageHtml.get(c.req.path) ?? indexHtml);
      })
  );
}

/** The page with `tags` added at the end of its head. */
function inHead(html: string, tags: string) {
  return html.replace('</head>', `${tags}</head>`);
}

/**
 * The app's stylesheet written into the page: the shell is drawn as soon as the page arrives,
 * with no request before the first paint (the stylesheet is small; the pages share one).
 */
function withInlineStylesheets(html: string, root: string) {
  return html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
    const css = readFileSync(path.join(root, file), 'utf8');
    // A style element ends at the first '</style': such a sheet (none of ours) stays a link.
    return css.includes('</style') ? tag : `<style>${css}</style>`;
  });
}

/** The id of the JSON script element that carries the public configuration (read by src/web/api/public-config.tsx). */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

function withInlineConfig(html: string, publicConfig: PublicConfig) {
  // JSON in a script element ends at the first '</script': escaping '<' keeps any value inert.
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const element = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return inHead(html, element);
}
