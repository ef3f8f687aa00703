// Zod 4 compiles object parsers with `new Function`, which our Content-Security-Policy forbids
// (script-src 'self', no 'unsafe-eval'): the browser reports a violation when the first schema is
// built. Zod reads `jitless` from this global (its shared config) when a schema is built, so
// main.tsx imports this module before anything else; setting the global keeps zod itself out of
// the landing page's first load.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
