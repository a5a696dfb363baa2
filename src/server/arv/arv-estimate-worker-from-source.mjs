// Starts the ARV worker from its TypeScript source (tsx, the tests and `npm start`); a build runs
// dist/server/arv-estimate-worker.js instead. A worker does not inherit the main thread's loader.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./arv-estimate-worker.ts', import.meta.url).href);
