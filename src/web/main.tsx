import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigurationErrorPage } from './app/configuration-error-page';
import { loadPublicConfig } from './api/public-config';
import { Toaster } from './components/toaster';
import { notify } from './components/notify';
import './styles.css';

// Zod probes for eval (new Function) to compile faster parsers; our Content-Security-Policy
// forbids eval, and the refused probe is reported as a violation on every page. Zod takes its
// global configuration from this property when it loads (zod/v4/core `globalConfig`); setting it
// here, before any lazy chunk loads zod, keeps zod out of the first page's JavaScript.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

const root = createRoot(document.getElementById('root')!);

Promise.resolve()
  .then(loadPublicConfig)
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Failed to initialize configuration', error);
    root.render(
      <StrictMode>
        <ConfigurationErrorPage message={error instanceof Error ? error.message : String(error)} />
        <Toaster />
      </StrictMode>,
    );
    notify.error('Configuration error. Please check settings in your dashboard.');
  });
