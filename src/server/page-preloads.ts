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
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * For each page of LAZY_PAGE_MODULES, the `<link rel="modulepreload">` tags of its files not
 * already in the entry's: the browser fetches them beside the entry instead of after it has run.
 * Empty when the build has no manifest.
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
    const files = [...withImports(module)]
      .filter((key) => !loadedWithEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    if (files.length > 0) tags.set(pagePath, files.join(''));
  }
  return tags;
}
