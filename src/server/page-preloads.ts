import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The tags a page's module is preloaded with (the module as the manifest names it, from the web
 * app's page table: src/web/app/app.tsx): `<link rel="modulepreload">` for its files not already in
 * the entry's, so the browser fetches them beside the entry instead of after it has run. And its
 * own stylesheets, written into the page as `<style>` elements: a page the server draws is laid out
 * right from its first paint, not moved when its code brings its styles (on the offer page that
 * shift was a CLS of 0.3). Empty for a module the build does not know, or without a manifest.
 */
export function pagePreloadTags(webRoot: string): (module: string) => string {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const withImports = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, seen);
    return seen;
  };
  const loadedWithEntry = withImports('index.html');
  return (module) => {
    const ownChunks = [...withImports(module)].filter((key) => !loadedWithEntry.has(key));
    const files = ownChunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const styles = [...new Set(ownChunks.flatMap((key) => manifest[key]!.css ?? []))].flatMap((file) => {
      const css = readFileSync(path.join(webRoot, file), 'utf8');
      // A style element ends at the first '</style': such a sheet (none of ours) is left to the page's code.
      return css.includes('</style') ? [] : [`<style>${css}</style>`];
    });
    return [...files, ...styles].join('');
  };
}
