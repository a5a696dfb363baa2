// Compiles the server to plain JavaScript (dist/server/main.js) so a production install runs it
// with `node` and production dependencies only: packages stay imports, our own code is bundled.
// The files the server reads beside its modules at run time are copied next to the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { buildPageRenderer } from './build-page-renderer.mjs';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
const bundle = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node26',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...bundle, entryPoints: ['src/server/main.ts'], outfile: `${outdir}/main.js` });
// The ARV estimate's worker thread, which main.js starts from beside itself (arv/estimate-arv-in-worker.ts).
await build({
  ...bundle,
  entryPoints: ['src/server/arv/arv-estimate-worker.ts'],
  outfile: `${outdir}/arv-estimate-worker.js`,
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
cpSync('src/server/auth/common-passwords.txt', `${outdir}/common-passwords.txt`);
// The public pages' server-side renderer: the web app's code built for Node (dist/server-render).
await buildPageRenderer();
