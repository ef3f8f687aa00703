// Part of `npm test` after the build: fails when the landing's first-load JS, or any signed-in
// route's own JS on top of the shell (scripts/lib/route-js.mjs), is over budget. Reads dist/client,
// or the build folder given as its argument.
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs } from './lib/first-load-js.mjs';
import { ROUTE_JS_BUDGET_KB, routeJs } from './lib/route-js.mjs';

const clientDir = process.argv[2] ?? 'dist/client';
const { files, kb } = firstLoadJs(clientDir);
let over = kb > FIRST_LOAD_JS_BUDGET_KB;
console.log(
  `Landing first-load JS: ${kb.toFixed(1)} KB gzipped in ${files.length} files, ${kb <= FIRST_LOAD_JS_BUDGET_KB ? 'within' : 'OVER'} the ${FIRST_LOAD_JS_BUDGET_KB} KB budget.`,
);

const { shellKb, routes } = routeJs(clientDir);
console.log(
  `Signed-in routes' own JS on top of the ${shellKb.toFixed(1)} KB shell (budget ${ROUTE_JS_BUDGET_KB} KB each):`,
);
for (const route of routes) {
  const verdict = route.kb <= ROUTE_JS_BUDGET_KB ? 'ok  ' : 'OVER';
  const later = route.laterKb > 0 ? ` (+ ${route.laterKb.toFixed(1)} KB loaded as it is shown)` : '';
  console.log(`  ${verdict} ${route.path.padEnd(24)} ${route.kb.toFixed(1).padStart(6)} KB${later}`);
  if (route.kb > ROUTE_JS_BUDGET_KB) over = true;
}
if (over) process.exit(1);
