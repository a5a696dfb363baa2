import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

/** A personal calculator page: `/c/{handle}` and nothing below it. */
const PERSONAL_PAGE_PATH = /^\/c\/[a-z0-9-]{3,30}\/?$/i;

/** Serves the built web app from `root`, with index.html for every client-side route. */
export function webAssets(root: string) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run \`npm run build\`.`);
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  return (
    new Hono()
      .use(compress())
      .use(async (c, next) => {
        await next();
        // Only a wholesaler's personal calculator /c/{handle} may be embedded in other sites (its
        // iframe snippet); every other page refuses to be framed, against clickjacking.
        if (PERSONAL_PAGE_PATH.test(c.req.path)) {
          c.res.headers.set('Content-Security-Policy', 'frame-ancestors *');
        } else {
          c.res.headers.set('Content-Security-Policy', "frame-ancestors 'none'");
          c.res.headers.set('X-Frame-Options', 'DENY');
        }
      })
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
      .use(serveStatic({ root }))
      .get('*', (c) => {
        c.header('Cache-Control', 'no-cache');
        return c.html(indexHtml);
      })
  );
}
