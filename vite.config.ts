import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

// React Router's package exports only its development build, whose dev warnings stay in a
// production bundle (remix-run/react-router#14102); its production build is the same code without them.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server preloads a lazily loaded page's files with the page (web-assets.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
