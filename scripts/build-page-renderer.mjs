// Builds the server's page renderer (src/web/render-page.tsx) for Node with Vite, beside the web
// app: dist/server-render/render-page.js. It is the web app's own code (its routes and components,
// with the same module resolution and JSX as the browser's build), so the pages it draws hydrate;
// packages stay imports of node_modules (production dependencies), stylesheets are left out.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const PAGE_RENDERER_OUT_DIR = 'dist/server-render';

export async function buildPageRenderer() {
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: {
      ssr: fileURLToPath(new URL('../src/web/render-page.tsx', import.meta.url)),
      outDir: fileURLToPath(new URL(`../${PAGE_RENDERER_OUT_DIR}`, import.meta.url)),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      sourcemap: true,
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPageRenderer();
