// Part of `npm test` after the build: fails when the landing's first-load JS is over budget.
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs } from './lib/first-load-js.mjs';

const { files, kb } = firstLoadJs();
const verdict = kb <= FIRST_LOAD_JS_BUDGET_KB ? 'within' : 'OVER';
console.log(
  `Landing first-load JS: ${kb.toFixed(1)} KB gzipped in ${files.length} files, ${verdict} the ${FIRST_LOAD_JS_BUDGET_KB} KB budget.`,
);
if (kb > FIRST_LOAD_JS_BUDGET_KB) process.exit(1);
