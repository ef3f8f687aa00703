import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-pglite.ts', 'tests/setup/global-postgres.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one PGlite per file is the heavy part; two files at a time keeps it steady.
    maxWorkers: 2,
    // Each worker imports the app once, not once per file (decision 091): a file builds its own
    // app and database and its state lives there (per-app WeakMaps, no module-level caches), as
    // the files that build an app per database already rely on. The setup file still runs per file.
    isolate: false,
  },
});
