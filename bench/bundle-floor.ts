// The floor under the calculator's first load (issue 29 §1: initial JS for / at most 120 KB gzip):
// what the libraries a page of ours hydrates with weigh on their own. It builds a one-route page
// (bench/bundle-floor) that hydrates with React, React Router's data router and React Query, used
// as the app's pages use them, with the app's own Vite settings, and prints its JavaScript gzipped
// (level 9, as bench/bundle-size.ts counts). What the app's / weighs beyond it is the app's code.
// Run: npx tsx bench/bundle-floor.ts (then npx vite build && npx tsx bench/bundle-size.ts for /).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type UserConfigFnObject } from 'vite';
import appConfig from '../vite.config';

const GOAL_KB = 120;
const pageRoot = fileURLToPath(new URL('./bundle-floor', import.meta.url));
const outDir = fileURLToPath(new URL('./out/bundle-floor', import.meta.url));
const { plugins, resolve } = (appConfig as UserConfigFnObject)({ command: 'build', mode: 'production' });

await build({
  configFile: false,
  root: pageRoot,
  logLevel: 'warn',
  plugins,
  resolve,
  build: { outDir, emptyOutDir: true },
});

const assets = path.join(outDir, 'assets');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const gzip = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += gzip;
  console.log(`  ${file.padEnd(30)} ${kib(gzip).padStart(10)} gzip -9`);
}
console.log(`\nReact, React Router (data mode) and React Query alone: ${kib(total)} gzip`);
console.log(`Left for the app's own code under the ${GOAL_KB} KB goal for /: ${kib(GOAL_KB * 1024 - total)}`);
