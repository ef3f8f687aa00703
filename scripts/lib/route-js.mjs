// Each signed-in route's own JavaScript (issue 22): what the browser fetches to show the route
// when a signed-in user opens it first, on top of the shell, gzipped. Read from Vite's manifest
// (vite.config.ts: build.manifest).
//   shell  = the entry (index.html) and the signed-in app (sidebar, header), with the chunks
//            they import statically: loaded once, whatever the route.
//   own    = the route's page chunk and every chunk it imports statically that the shell has not
//            loaded (shared with another route or not: opened first, the route pays for it).
//   later  = chunks the route imports dynamically (charts as they come into view, dialogs when
//            opened, the calendar's grid), not in `own` or the shell: printed, not budgeted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROUTE_JS_BUDGET_KB = 80;

const SHELL = ['index.html', 'src/client/app/signed-in-app.tsx'];

/** The signed-in route table (src/client/app/signed-in-app.tsx) and the page each one shows. */
export const SIGNED_IN_ROUTES = [
  ['/dashboard', 'src/client/features/dashboard/dashboard-page.tsx'],
  ['/content-generator', 'src/client/features/content/content-generator-page.tsx'],
  ['/calendar', 'src/client/features/calendar/calendar-page.tsx'],
  ['/calendar/import', 'src/client/features/post-import/post-import-page.tsx'],
  ['/queue', 'src/client/features/queue/queue-page.tsx'],
  ['/feeds', 'src/client/features/feeds/feeds-page.tsx'],
  ['/links', 'src/client/features/links/links-page.tsx'],
  ['/media', 'src/client/features/media/media-page.tsx'],
  ['/social-accounts', 'src/client/features/social-accounts/social-accounts-page.tsx'],
  ['/analytics', 'src/client/features/analytics/analytics-page.tsx'],
  ['/settings', 'src/client/features/settings/settings-page.tsx'],
  ['/settings/api', 'src/client/features/api-access/api-keys-page.tsx'],
  ['/settings/webhooks', 'src/client/features/api-access/webhooks-page.tsx'],
  ['/team', 'src/client/features/team/team-page.tsx'],
  ['/subscribe', 'src/client/features/subscribe/subscribe-page.tsx'],
  ['/admin', 'src/client/features/admin/admin-page.tsx'],
  ['/invite/:token', 'src/client/features/invitations/invitation-page.tsx'],
  ['/billing/sandbox-portal', 'src/client/features/billing/sandbox-portal-page.tsx'],
  ['/reset-password', 'src/client/features/auth/pages/reset-password-page.tsx'],
  ['/verify-email', 'src/client/features/auth/pages/verify-email-page.tsx'],
  ['(not found)', 'src/client/features/not-found/not-found-page.tsx'],
];

/** Pages that are public (prerendered, decision 052): budgeted by bench:web, not here. */
const PUBLIC_PAGES = new Set([
  'src/client/features/demo/demo-page.tsx',
  'src/client/features/integrations/integrations-page.tsx',
]);

export function routeJs(clientDir = 'dist/client') {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  const chunk = (key) => {
    const entry = manifest[key];
    if (!entry)
      throw new Error(`${key} is not in ${clientDir}/.vite/manifest.json: update scripts/lib/route-js.mjs`);
    return entry;
  };
  /** `keys` and every chunk they import statically. */
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of chunk(key).imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const sizes = new Map();
  const gzipped = (key) => {
    if (!sizes.has(key)) sizes.set(key, gzipSync(readFileSync(join(clientDir, chunk(key).file))).length);
    return sizes.get(key);
  };
  const kb = (keys) => [...keys].reduce((sum, key) => sum + gzipped(key), 0) / 1024;

  // A new page must be measured: every lazily loaded *-page.tsx is in the table or public.
  const measured = new Set(SIGNED_IN_ROUTES.map(([, page]) => page));
  const unlisted = Object.keys(manifest).filter(
    (key) =>
      /-page\.tsx$/.test(key) && manifest[key].isDynamicEntry && !measured.has(key) && !PUBLIC_PAGES.has(key),
  );
  if (unlisted.length > 0)
    throw new Error(`pages missing from scripts/lib/route-js.mjs: ${unlisted.join(', ')}`);

  const shell = closure(SHELL);
  const routes = SIGNED_IN_ROUTES.map(([path, page]) => {
    const own = [...closure([page])].filter((key) => !shell.has(key));
    const lazy = own.flatMap((key) =>
      (chunk(key).dynamicImports ?? []).filter((next) => !measured.has(next)),
    );
    const later = [...closure(lazy)].filter((key) => !shell.has(key) && !own.includes(key));
    return { path, page, files: own.length, kb: kb(own), laterKb: kb(later) };
  });
  return { shellKb: kb(shell), routes };
}
