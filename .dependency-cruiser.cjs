// The import rules `npm run lint:deps` enforces (decision 050). scripts/lint-deps.mjs cruises a
// JavaScript copy of src/ (TypeScript 7 has no JavaScript API for dependency-cruiser), so a file
// appears here as `.js` whatever its extension in src/; type-only imports count like the others.
// Cycles between whole server modules and client features (not only between files) are checked by
// the script itself on the graph dependency-cruiser returns.
// Violations that existed when the rules came are listed in .dependency-cruiser-known-violations.json
// and tolerated until fixed; any other one fails the step.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A file must not import, directly or through others, a file that imports it.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-public-entry',
      comment:
        'A server module uses another only through its index.ts (its service functions and types), never ' +
        'its repository or other internals: call its service.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.[jt]sx?$'],
      },
    },
    {
      name: 'client-not-server',
      comment: 'Client and server meet only in src/contracts.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      comment: 'Client and server meet only in src/contracts.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'The contracts are shared by both sides and import neither.',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { path: '^src/(client|server)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules' },
    enhancedResolveOptions: { extensions: ['.js'] },
  },
};
