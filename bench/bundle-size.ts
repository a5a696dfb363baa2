// Bundle size of the calculator's first load: the JavaScript and CSS a browser must fetch for
// `/` before the page is interactive, gzip-compressed (level 9), against the 150 KB budget.
// It builds nothing: run `vite build` first (bench/run-all.sh does).
//
// What counts: index.html's entry module scripts, its modulepreload links and every chunk they
// import statically (transitively), plus its stylesheets. Chunks reached only through dynamic
// import() are lazy (a route's code) and are listed apart, not counted.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetBytes = 150 * 1024;
const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));
const indexFile = path.join(webRoot, 'index.html');

if (!existsSync(indexFile)) {
  console.error(`${indexFile} is missing: run \`npx vite build\` first.`);
  process.exit(1);
}

const indexHtml = readFileSync(indexFile, 'utf8');

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** The <script> and <link> tags of index.html with their attributes (no HTML parser needed for Vite's output). */
function tags(html: string): Tag[] {
  const found: Tag[] = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes.set(attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    found.push({ name: match[1]!.toLowerCase(), attributes });
  }
  return found;
}

/** A URL from index.html or an import specifier, as a file in dist/web; undefined when outside it (a CDN, say). */
function toFile(specifier: string, importer?: string): string | undefined {
  if (/^(https?:)?\/\//.test(specifier) || specifier.startsWith('data:')) return undefined;
  const file = specifier.startsWith('/')
    ? path.join(webRoot, specifier)
    : path.resolve(importer ? path.dirname(importer) : webRoot, specifier);
  return file.startsWith(webRoot) && existsSync(file) ? file : undefined;
}

interface ModuleImports {
  staticImports: string[];
  dynamicImports: string[];
}

/**
 * The module specifiers a built chunk imports, split into static (`import … from "x"`,
 * `import "x"`, `export … from "x"`) and dynamic (`import("x")`). Bundler output puts static
 * imports at the top level; a specifier that is not a file in dist/web is ignored.
 */
function moduleImports(code: string): ModuleImports {
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  const stringLiteral = /^\s*["'`]([^"'`]+)["'`]/;
  for (const match of code.matchAll(/(?<![\w$.])(import|export)\b/g)) {
    const rest = code.slice(match.index + match[0].length, match.index + match[0].length + 2000);
    if (match[1] === 'import' && /^\s*\(/.test(rest)) {
      const specifier = rest.replace(/^\s*\(/, '').match(stringLiteral)?.[1];
      if (specifier) dynamicImports.push(specifier);
      continue;
    }
    if (match[1] === 'import' && /^\s*\./.test(rest)) continue; // import.meta
    const direct = match[1] === 'import' ? rest.match(stringLiteral)?.[1] : undefined;
    const from = rest.match(/^[\s\w$*{},]*?\bfrom\s*["'`]([^"'`]+)["'`]/)?.[1];
    const specifier = direct ?? from;
    if (specifier) staticImports.push(specifier);
  }
  return { staticImports, dynamicImports };
}

const entryScripts: string[] = [];
const preloads: string[] = [];
const stylesheets: string[] = [];
for (const tag of tags(indexHtml)) {
  const rel = tag.attributes.get('rel');
  if (tag.name === 'script' && tag.attributes.get('type') === 'module' && tag.attributes.has('src')) {
    const file = toFile(tag.attributes.get('src')!);
    if (file) entryScripts.push(file);
  } else if (tag.name === 'link' && rel === 'modulepreload' && tag.attributes.has('href')) {
    const file = toFile(tag.attributes.get('href')!);
    if (file) preloads.push(file);
  } else if (tag.name === 'link' && rel === 'stylesheet' && tag.attributes.has('href')) {
    const file = toFile(tag.attributes.get('href')!);
    if (file) stylesheets.push(file);
  }
}

if (entryScripts.length === 0) {
  console.error(`No module entry script found in ${indexFile}.`);
  process.exit(1);
}

// Walk static imports from the entry and preloads; note dynamic imports on the way.
const initialJs = new Map<string, 'entry' | 'modulepreload' | 'static import'>();
const lazyJs = new Set<string>();
const queue: string[] = [];
for (const file of entryScripts) {
  initialJs.set(file, 'entry');
  queue.push(file);
}
for (const file of preloads) {
  if (!initialJs.has(file)) initialJs.set(file, 'modulepreload');
  queue.push(file);
}
const visited = new Set<string>();
while (queue.length > 0) {
  const file = queue.shift()!;
  if (visited.has(file)) continue;
  visited.add(file);
  const { staticImports, dynamicImports } = moduleImports(readFileSync(file, 'utf8'));
  for (const specifier of staticImports) {
    const imported = toFile(specifier, file);
    if (!imported || !imported.endsWith('.js')) continue;
    if (!initialJs.has(imported)) initialJs.set(imported, 'static import');
    queue.push(imported);
  }
  for (const specifier of dynamicImports) {
    const imported = toFile(specifier, file);
    if (imported?.endsWith('.js')) lazyJs.add(imported);
  }
}
for (const file of initialJs.keys()) lazyJs.delete(file);

// Lazy chunks can import further chunks of their own; walk them for the "later" figure.
const lazyQueue = [...lazyJs];
while (lazyQueue.length > 0) {
  const file = lazyQueue.shift()!;
  const { staticImports, dynamicImports } = moduleImports(readFileSync(file, 'utf8'));
  for (const specifier of [...staticImports, ...dynamicImports]) {
    const imported = toFile(specifier, file);
    if (!imported?.endsWith('.js') || initialJs.has(imported) || lazyJs.has(imported)) continue;
    lazyJs.add(imported);
    lazyQueue.push(imported);
  }
}

interface Row {
  file: string;
  kind: string;
  raw: number;
  gzip: number;
}

function measure(file: string, kind: string): Row {
  const content = readFileSync(file);
  return {
    file: path.relative(webRoot, file),
    kind,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  };
}

const jsRows = [...initialJs].map(([file, kind]) => measure(file, kind));
const cssRows = stylesheets.map((file) => measure(file, 'stylesheet'));
const lazyRows = [...lazyJs].sort().map((file) => measure(file, 'lazy (not counted)'));

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (rows: Row[], key: 'raw' | 'gzip') => rows.reduce((total, row) => total + row[key], 0);

function printTable(rows: Row[]) {
  const width = Math.max(4, ...rows.map((row) => row.file.length));
  const kindWidth = Math.max(4, ...rows.map((row) => row.kind.length));
  console.log(
    `  ${'file'.padEnd(width)}  ${'kind'.padEnd(kindWidth)}  ${'raw'.padStart(10)}  ${'gzip -9'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.file.padEnd(width)}  ${row.kind.padEnd(kindWidth)}  ${kib(row.raw).padStart(10)}  ${kib(row.gzip).padStart(10)}`,
    );
  }
}

const jsGzip = sum(jsRows, 'gzip');
const cssGzip = sum(cssRows, 'gzip');

console.log(`Bundle size of / (dist/web, gzip level 9; KB = 1024 bytes)\n`);
printTable([...jsRows, ...cssRows]);
console.log('');
console.log(`  initial JavaScript: ${kib(sum(jsRows, 'raw'))} raw, ${kib(jsGzip)} gzip (${jsRows.length} file(s))`);
console.log(`  initial CSS:        ${kib(sum(cssRows, 'raw'))} raw, ${kib(cssGzip)} gzip (${cssRows.length} file(s))`);
console.log(`  initial total:      ${kib(jsGzip + cssGzip)} gzip`);
if (lazyRows.length > 0) {
  console.log(
    `\n  lazy chunks, loaded later by route (not counted): ${lazyRows.length}, ${kib(sum(lazyRows, 'gzip'))} gzip`,
  );
  printTable(lazyRows);
}
// Where the initial JavaScript comes from: minified bytes per package, from the source maps.
const contributions = new Map<string, number>();
for (const [file] of initialJs) {
  for (const [source, bytes] of bytesBySource(file)) {
    const owner = packageOf(source);
    contributions.set(owner, (contributions.get(owner) ?? 0) + bytes);
  }
}
if (contributions.size > 0) {
  const total = [...contributions.values()].reduce((a, b) => a + b, 0);
  console.log('\n  initial JavaScript by origin (minified bytes from the source maps, before gzip):');
  for (const [owner, bytes] of [...contributions].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(
      `    ${owner.padEnd(32)} ${kib(bytes).padStart(10)}  ${((bytes / total) * 100).toFixed(0).padStart(3)}%`,
    );
  }
}

const verdict = (bytes: number) =>
  `${bytes <= budgetBytes ? 'MET' : 'NOT MET'} (${kib(bytes)}, ${((bytes / budgetBytes) * 100).toFixed(0)}% of ${kib(budgetBytes)})`;
console.log(`\nBudget <= ${kib(budgetBytes)} gzip:`);
console.log(`  initial JavaScript:       ${verdict(jsGzip)}`);
console.log(`  initial JavaScript + CSS: ${verdict(jsGzip + cssGzip)}`);

/** Package name for a node_modules source path, or 'app: src/<layer>' for our own code. */
function packageOf(source: string): string {
  const inModules = source.split('node_modules/').pop()!;
  if (inModules !== source) {
    const parts = inModules.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const layer = source.match(/src\/(domain|server|web)(?:\/([^/]+))?/);
  return layer ? `app: src/${layer[1]}${layer[1] === 'web' && layer[2] ? `/${layer[2]}` : ''}` : 'other';
}

/** Generated bytes of a built file attributed to each original source through its .map (empty when there is none). */
function bytesBySource(file: string): Map<string, number> {
  const result = new Map<string, number>();
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return result;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = readFileSync(file, 'utf8').split('\n');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const lineLength = Buffer.byteLength(lines[lineNumber] ?? '');
    let column = 0;
    const segments: { column: number; source: number }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = alphabet.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length > 1) sourceIndex += values[1]!;
      segments.push({ column, source: values.length > 1 ? sourceIndex : -1 });
    }
    segments.forEach((segment, index) => {
      if (segment.source < 0) return;
      const end = segments[index + 1]?.column ?? lineLength;
      const name = map.sources[segment.source] ?? 'unknown';
      result.set(name, (result.get(name) ?? 0) + Math.max(0, end - segment.column));
    });
  });
  return result;
}
