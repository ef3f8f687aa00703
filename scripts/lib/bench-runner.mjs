// What every bench shares: its smoke mode, its figures and their budgets, the exit code, and the
// results file `npm run bench:all` gathers into one table (scripts/bench-all.mjs).
//
// A full run asserts budgets: a figure past its budget is a MISS and the bench exits 1. With
// `--smoke` the sizes are tiny (seconds), every figure is still printed, budgets are not asserted,
// and the bench exits 1 only when it broke: it threw (a server did not start, a request failed)
// or a correctness figure (`always`: a post lost or doubled, a process died) is off. `npm test`
// runs every bench so, so that a change that stops one from running fails CI.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { checkBuild } from './build-stamp.mjs';
import { cleanUp } from './cleanups.mjs';

const smoke = process.argv.includes('--smoke');

/** How long a bench waits for the app to come up: generous, since a smoke run in `npm test`
 * shares the cores with whatever else the machine runs (a first start took 38 s at load 18). */
export const START_TIMEOUT_MS = 120_000;
const load1 = () => loadavg()[0];

/** A number as the table shows it: thousands separated, `digits` decimals at most. */
export const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : String(n);

const passes = (value, [op, limit]) =>
  op === '<=' ? value <= limit : op === '>=' ? value >= limit : op === '<' ? value < limit : value > limit;

/**
 * How far ahead to schedule posts whose drafts took `draftsSeconds` to create through the API, so
 * that the last is scheduled before the first is due (the API refuses a time in the past):
 * scheduling costs about what creating did; twice that, and at least 5 s more, for a machine whose
 * load changes under the bench. It grows with the work instead of racing a fixed clock.
 */
export const schedulingLeadSeconds = (draftsSeconds) => Math.max(2 * draftsSeconds, draftsSeconds + 5);

/**
 * The bench called `name` (its npm script). `sizes` gives each size for a full run and for a smoke
 * run, `{ posts: [2000, 20] }`; an environment variable named in `env` (`{ posts: 'BENCH_POSTS' }`)
 * overrides either.
 */
export function createBench(name, { sizes = {}, env = {} } = {}) {
  const figures = [];
  let broken = null;
  let brokenLine = null;
  const size = Object.fromEntries(
    Object.entries(sizes).map(([key, [full, small]]) => {
      const fromEnv = env[key] && process.env[env[key]];
      return [key, fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : smoke ? small : full];
    }),
  );

  const record = (figure) => {
    figures.push(figure);
    const { label, shown, budget, verdict, load } = figure;
    const tag = { ok: 'ok  ', MISS: 'MISS', FAIL: 'FAIL', 'not asserted': '--  ', info: '    ' }[verdict];
    const note = verdict === 'not asserted' ? ', not asserted in smoke mode' : '';
    console.log(
      `${tag} ${label}: ${shown}${budget ? ` (budget ${budget}${note})` : ''} [load ${load.toFixed(2)}]`,
    );
  };

  return {
    name,
    smoke,
    size,

    /**
     * Records and prints one figure. `budget` is `['<=', 40]`, `['>=', 95]`, `['<', 600]` or
     * absent (printed, never judged). `always` makes it a correctness figure, asserted in smoke
     * mode too. `load` is the 1-minute load average to show beside it (default: now).
     */
    figure(label, value, { unit = '', digits = 0, budget, always = false, load = load1() } = {}) {
      const shown = `${fmt(value, digits)}${unit ? ` ${unit}` : ''}`;
      const budgetText = budget ? `${budget[0]} ${fmt(budget[1], digits)}${unit ? ` ${unit}` : ''}` : '';
      let verdict = 'info';
      if (budget) {
        const ok = Number.isFinite(value) && passes(value, budget);
        verdict = ok ? 'ok' : always ? 'FAIL' : smoke ? 'not asserted' : 'MISS';
      }
      record({ label, shown, budget: budgetText, verdict, load });
    },

    /** A correctness condition that is not a number (every process still running): always asserted. */
    check(ok, label) {
      record({ label, shown: ok ? 'yes' : 'no', budget: 'yes', verdict: ok ? 'ok' : 'FAIL', load: load1() });
    },

    /**
     * Builds what the bench runs unless dist/ is a fresh build of these sources (decision 048):
     * `npm test` and `npm run bench:all` build once, and no bench builds again. `all` is
     * `npm run build`, with the embedded database's template; `server` only the server bundle.
     */
    build(what = 'server') {
      const stamp = checkBuild();
      // A fresh stamp after `build:server` alone (a bench that needed only the server) lacks the
      // embedded database's template (decision 053), which a first start copies.
      const template = what !== 'all' || existsSync('dist/pglite-template');
      if (stamp.fresh && template) return;
      const reason = stamp.fresh ? 'has no pglite-template' : stamp.reason;
      console.log(`dist/ ${reason}: building ${what === 'all' ? 'everything' : 'the server'}...`);
      execSync(what === 'all' ? 'npm run --silent build' : 'npm run --silent build:server', {
        stdio: 'inherit',
      });
    },

    /**
     * Runs `main`, undoes what it started (scripts/lib/cleanups.mjs), writes the results file when
     * BENCH_RESULTS_FILE names one, and exits: 1 when the bench broke or, in a full run, missed a
     * budget.
     */
    async run(main) {
      console.log(`${name}${smoke ? ' (smoke: tiny sizes, budgets not asserted)' : ''}`);
      try {
        await main();
      } catch (error) {
        broken = error?.stack ?? String(error);
        // One line for the table: the message with what a server printed before it exited.
        brokenLine = String(error?.message ?? error)
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 240);
        console.error(`\n${name} broke: ${broken}`);
      } finally {
        await cleanUp();
      }
      const failed = figures.filter((f) => f.verdict === 'FAIL' || f.verdict === 'MISS');
      const exitCode = broken || failed.length > 0 ? 1 : 0;
      if (process.env.BENCH_RESULTS_FILE) {
        mkdirSync(dirname(process.env.BENCH_RESULTS_FILE), { recursive: true });
        writeFileSync(
          process.env.BENCH_RESULTS_FILE,
          JSON.stringify({ bench: name, smoke, figures, broken: brokenLine, exitCode }),
        );
      }
      console.log(
        broken
          ? `${name}: BROKEN`
          : failed.length > 0
            ? `${name}: FAIL (${failed.map((f) => f.label).join('; ')})`
            : `${name}: ${smoke ? 'ran to the end' : 'PASS'}`,
      );
      process.exit(exitCode);
    },
  };
}
