// Bundles the server into dist/server/main.js; packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
