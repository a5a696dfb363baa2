import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { getSessionCookie } from 'better-auth/cookies';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { escapeHtml } from '#domain/html/escape-html.ts';
import { scriptSafeJson } from '#domain/html/script-safe-json.ts';
import { AUTH_COOKIE_PREFIX } from './auth/create-auth';
import type { PublicConfig } from './config/public-config';
import { describeErrorForLog } from './http/describe-error-for-log';
import { pageSecurityHeaders } from './http/security-headers';
import { logger } from './observability/logger';
import { pagePreloadTags } from './page-preloads';

/** What the server-side page renderer (src/web/render-page.tsx, built to dist/server-render) answers. */
type RenderedPage =
  | { status: number; redirect: string }
  | { status: number; body: ReadableStream<Uint8Array>; pageData: unknown; title: string; description: string };

interface PageRenderer {
  renderPage(input: {
    request: Request;
    config: PublicConfig;
    fetchApi: (request: Request) => Promise<Response>;
  }): Promise<RenderedPage | null>;
  /** The module preloaded with the page at `pathname` (from the web app's page table), as Vite's manifest names it. */
  pagePreloadModule(pathname: string): string | null;
}

export interface ServerRenderOptions {
  /** The built page renderer module (dist/server-render/render-page.js). */
  rendererFile: string;
  /** Answers an /api request in-process (the app's fetch), with the page request's environment (its socket). */
  fetchApi: (request: Request, env: unknown) => Response | Promise<Response>;
}

/** The id of the JSON script element that carries a server-rendered page's queries (read by src/web/app/page-data.ts). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Serves the built web app from `root`, with index.html for every client-side route. The
 * browser's configuration is written into index.html, so the first paint waits for no request.
 * With `serverRender`, the public pages (the calculator, /wholesalers, /login, /register, an
 * offer link, a personal page) come drawn by the server with their data, and hydrate.
 */
export function webAssets(root: string, publicConfig: PublicConfig, serverRender?: ServerRenderOptions) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run \`npm run build\`.`);
  }
  if (serverRender && !existsSync(serverRender.rendererFile)) {
    throw new Error(`The page renderer is not built (${serverRender.rendererFile} is missing): run \`npm run build\`.`);
  }
  let renderer: Promise<PageRenderer> | undefined;
  const loadRenderer = (file: string) => (renderer ??= import(pathToFileURL(file).href) as Promise<PageRenderer>);
  const indexHtml = withInlineStylesheets(withInlineConfig(readFileSync(indexFile, 'utf8'), publicConfig), root);
  // A lazily loaded page's own files, preloaded with the page that needs them (the renderer names its module).
  const preloadTags = pagePreloadTags(root);
  const pageHtml = new Map<string, string>();
  const pageHtmlOf = (module: string | null) => {
    if (!module) return indexHtml;
    let html = pageHtml.get(module);
    if (html === undefined) {
      const tags = preloadTags(module);
      html = tags ? inHead(indexHtml, tags) : indexHtml;
      pageHtml.set(module, html);
    }
    return html;
  };
  // The frame a server-drawn page is written into, made once per page's HTML, not on every request.
  const serverFrames = new Map<string, ServerPageFrame>();
  const serverFrameOf = (html: string) => {
    const frame = serverFrames.get(html) ?? serverPageFrame(html);
    serverFrames.set(html, frame);
    return frame;
  };
  const siteFiles = serveStatic({ root });
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
      // The site's other files (robots.txt); a page, '/' included, is never its bare index.html.
      .use(async (c, next) =>
        c.req.path.endsWith('/') || c.req.path.endsWith('/index.html') ? next() : siteFiles(c, next),
      )
      .get('*', async (c) => {
        // A signed-in page is drawn with its user's data: for that browser alone.
        const withSession = getSessionCookie(c.req.raw, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null;
        c.header('Cache-Control', withSession ? 'private, no-cache' : 'no-cache');
        c.header('Vary', 'Cookie');
        // A buyer's deal page is theirs alone (some states bar marketing a contract publicly):
        // never kept by a shared cache, never indexed.
        const unlisted = UNLISTED_PAGE.test(c.req.path);
        if (unlisted) {
          c.header('Cache-Control', 'private, no-store');
          c.header('X-Robots-Tag', 'noindex, nofollow');
        }
        let html = unlisted ? withNoIndex(indexHtml) : indexHtml;
        if (serverRender) {
          const fetchApi = (request: Request) => {
            // The API sees the page's client: its session cookie, its forwarded address (TRUST_PROXY)
            // and its socket.
            const headers = new Headers(request.headers);
            for (const name of ['cookie', 'x-forwarded-for']) {
              const value = c.req.header(name);
              if (value) headers.set(name, value);
            }
            return Promise.resolve(serverRender.fetchApi(new Request(request, { headers }), c.env));
          };
          try {
            const pageRenderer = await loadRenderer(serverRender.rendererFile);
            html = pageHtmlOf(pageRenderer.pagePreloadModule(c.req.path));
            if (unlisted) html = withNoIndex(html);
            const page = await pageRenderer.renderPage({ request: c.req.raw, config: publicConfig, fetchApi });
            if (page && 'redirect' in page) return c.redirect(page.redirect, page.status as 301 | 302);
            if (page)
              return c.body(serverRenderedHtml(serverFrameOf(html), page), page.status as 200, {
                'Content-Type': 'text/html; charset=UTF-8',
              });
          } catch (error) {
            // The browser can still draw the page: serve the app's shell rather than an error.
            // By the page's pattern: an offer's, a deal's or a letter's path holds its token.
            const page = c.req.path.replace(/^\/(offer|o|deal)\/[^/]+/, '/$1/:token');
            logger.error({ error: describeErrorForLog(error) }, `server render of ${page} failed`);
          }
        }
        return c.html(html);
      })
  );
}

/** The pages that must stay out of search engines and shared caches: a buyer's deal page. */
const UNLISTED_PAGE = /^\/deal\/[^/]+\/?$/;

/** The page with a robots meta tag that keeps it out of search engines. */
function withNoIndex(html: string) {
  return inHead(html, '<meta name="robots" content="noindex, nofollow">');
}

/** A page's HTML around its root element, its scripts loaded after its first paint. */
interface ServerPageFrame {
  head: string;
  tail: string;
}

/**
 * The page `html` split around the frame between the `<!--page-->` markers of index.html, which
 * the server's render replaces: nothing but the render in the root element (no whitespace around
 * it), as hydration expects.
 */
function serverPageFrame(html: string): ServerPageFrame {
  const start = html.indexOf('<!--page-->');
  const end = html.indexOf('<!--/page-->');
  if (start < 0 || end < 0) throw new Error('index.html has no <!--page--> markers');
  return {
    head: scriptsAfterFirstPaint(html.slice(0, start).trimEnd()),
    tail: html.slice(end + '<!--/page-->'.length).trimStart(),
  };
}

/**
 * The page with the server's render in its root, its own title and description, and the queries
 * it was drawn with as a JSON script element: data, never run, so the Content-Security-Policy
 * needs no exception for it; the JSON escapes '<', '>' and '&' (an address a homeowner typed is in it).
 */
function serverRenderedHtml(
  { head: frameHead, tail }: ServerPageFrame,
  page: { body: ReadableStream<Uint8Array>; pageData: unknown; title: string; description: string },
): ReadableStream<Uint8Array> {
  const head = inHead(
    frameHead
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(page.description)}"`),
    `<script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(page.pageData)}</script>`,
  );
  const encoder = new TextEncoder();
  const reader = page.body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (!done) return controller.enqueue(value);
      controller.enqueue(encoder.encode(tail));
      controller.close();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The id of the JSON element that lists a server-drawn page's scripts (read by the web app's public/load-page-scripts.js). */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

/**
 * The page's head with its scripts loaded once the page has been painted: a page the server drew
 * needs them to hydrate, not to be seen. Listed in the head, they arrived while the browser was
 * still laying the page out (on this machine the first paint comes 100–250 ms after the HTML),
 * and Lighthouse's simulation counted every script that had arrived before the paint as part of
 * it: /login's text came at 2.2–2.4 s on its simulated phone, or at 0.7 s when the paint won the
 * race. The module script and its preloads become a JSON list, and a small deferred script
 * (same origin, so the Content-Security-Policy is unchanged) adds them after the first frame.
 */
function scriptsAfterFirstPaint(head: string) {
  const entries: string[] = [];
  const preloads: string[] = [];
  const withoutScripts = head
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (entries.length === 0) return head;
  return inHead(
    withoutScripts,
    `<script id="${PAGE_SCRIPTS_ELEMENT_ID}" type="application/json">${scriptSafeJson({ entries, preloads })}</script>` +
      '<script src="/load-page-scripts.js" defer></script>',
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
