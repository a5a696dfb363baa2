// Zod probes for eval (new Function) to compile faster parsers; our Content-Security-Policy
// forbids eval, and the refused probe is reported as a violation on every page. Zod keeps its
// global configuration in this object (zod/v4/core `globalConfig`) and probes only when it first
// parses an object. The object is changed, not replaced: when a chunk the entry imports loads zod
// before this module runs (imported chunks run first), zod already holds it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
