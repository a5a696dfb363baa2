// `npm start` builds the web app only when the build is missing or older than its sources,
// so a start on an existing install stays fast.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildPageRenderer, PAGE_RENDERER_OUT_DIR } from './build-page-renderer.mjs';

const built = 'dist/web/index.html';
// The server's renderer of the public pages, built from the same sources (scripts/build-page-renderer.mjs).
const builtRenderer = `${PAGE_RENDERER_OUT_DIR}/render-page.js`;

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

const sources = ['src/web', 'src/domain'];
const sourceTime = Math.max(
  ...sources.map(newestChange),
  statSync('vite.config.ts').mtimeMs,
  statSync('package-lock.json').mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app...');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
if (!existsSync(builtRenderer) || statSync(builtRenderer).mtimeMs < sourceTime) {
  console.log('Building the page renderer...');
  await buildPageRenderer();
}
