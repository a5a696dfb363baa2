import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';

// React Router's package exports only its development build, whose dev warnings stay in a
// production bundle (remix-run/react-router#14102); its production build is the same code without them.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/** Whether a built chunk is the entry, or react-dom's client that the entry imports as it starts (src/web/main.tsx). */
const runsAtStart = (chunk: { isEntry: boolean; facadeModuleId: string | null }) =>
  chunk.isEntry || /[\\/]react-dom[\\/]client\.js$/.test(chunk.facadeModuleId ?? '');

/**
 * The code every page runs as it starts: index.html preloads react-dom's client beside the entry
 * (the entry imports it dynamically, to be evaluated in a task of its own), and both files open
 * with V8's explicit compile hint, so Chrome compiles their functions while it streams them, off
 * the main thread, instead of one by one as hydration first calls them. The hint must be the
 * file's first line, above what Vite writes there.
 */
function startChunks(): Plugin {
  const compileHint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {}).flatMap((chunk) =>
          chunk.type === 'chunk' && !chunk.isEntry && runsAtStart(chunk)
            ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` } }]
            : [],
        ),
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !runsAtStart(chunk)) continue;
          chunk.code = compileHint + chunk.code;
          // The source map's lines move down by the one added.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react(), startChunks()],
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
