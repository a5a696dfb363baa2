// Zod probes for eval (new Function) to compile faster parsers; our Content-Security-Policy
// forbids eval, and the refused probe is reported as a violation on every page. Zod takes its
// global configuration from this property when it loads (zod/v4/core `globalConfig`). This module
// is main.tsx's first import, so it runs before any module that loads zod, in the first page's
// JavaScript or in a lazy chunk.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });
