// Bundles the server into dist/server/main.js, `npm run db:migrate`'s command into
// dist/server/migrate.js and the embedded database template's writer into
// dist/server/pglite-template.js (run by build.mjs); packages stay in node_modules (dependencies only: the built server runs
// after `npm prune --omit=dev`).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    migrate: 'src/server/db/migrate-cli.ts',
    'pglite-template': 'src/server/db/pglite-template-cli.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // The email templates are .tsx (React Email); tsconfig says the same, this keeps it explicit.
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
});
