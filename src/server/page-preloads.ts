import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The pages the web router loads lazily (src/web/app/app.tsx), by path, as Vite's manifest names
 * their modules (relative to src/web). Only pages worth preloading: where people land.
 */
export const LAZY_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/wholesalers': 'features/plans/wholesalers-page.tsx',
  '/login': 'features/auth/login-page.tsx',
  '/register': 'features/auth/register-page.tsx',
  '/saved': 'app/routes/saved-route.tsx',
  '/leads': 'app/routes/leads-route.tsx',
  '/offer/:token': 'features/offer-answer/offer-page.tsx',
  '/c/:handle': 'app/routes/personal-page-route.tsx',
};

/** The LAZY_PAGE_MODULES key of a request's path: an offer link's or a personal page's pattern, else the path. */
export function pagePreloadKey(pathname: string): string {
  if (/^\/offer\/[^/]+\/?$/.test(pathname) && pathname !== '/offer/accept') return '/offer/:token';
  if (/^\/c\/[^/]+\/?$/.test(pathname)) return '/c/:handle';
  return pathname;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * For each page of LAZY_PAGE_MODULES, the `<link rel="modulepreload">` tags of its files not
 * already in the entry's: the browser fetches them beside the entry instead of after it has run.
 * And its own stylesheets, written into the page as `<style>` elements: a page the server draws
 * is laid out right from its first paint, not moved when its code brings its styles (on the offer
 * page that shift was a CLS of 0.3). Empty when the build has no manifest.
 */
export function pagePreloadTags(webRoot: string): Map<string, string> {
  const tags = new Map<string, string>();
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return tags;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const withImports = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, seen);
    return seen;
  };
  const loadedWithEntry = withImports('index.html');
  for (const [pagePath, module] of Object.entries(LAZY_PAGE_MODULES)) {
    const ownChunks = [...withImports(module)].filter((key) => !loadedWithEntry.has(key));
    const files = ownChunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const styles = [...new Set(ownChunks.flatMap((key) => manifest[key]!.css ?? []))].flatMap((file) => {
      const css = readFileSync(path.join(webRoot, file), 'utf8');
      // A style element ends at the first '</style': such a sheet (none of ours) is left to the page's code.
      return css.includes('</style') ? [] : [`<style>${css}</style>`];
    });
    if (files.length + styles.length > 0) tags.set(pagePath, [...files, ...styles].join(''));
  }
  return tags;
}
