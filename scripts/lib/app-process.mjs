// The built server (dist/server/main.js) as separate processes, and the web API as a browser
// uses it: for the benches and the multi-process tests.
import { execSync, spawn } from 'node:child_process';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Bundles the server into dist/server/main.js (esbuild, about a second). */
export function buildServer() {
  execSync('npm run --silent build:server', { stdio: 'inherit' });
}

/**
 * The built server's environment as production runs it, listening on 127.0.0.1:`port`: this
 * process's environment without TRUST_PROXY and DATABASE_URL, plus every setting production
 * requires. One place for them: a setting production starts to require breaks every bench's smoke
 * run in `npm test`, and is added here once. `databaseUrl` unset: the embedded database in
 * `dataDir`. `extra` (e.g. PUBLISH_LEASE_SECONDS) goes last.
 */
export function productionEnv({ port, dataDir, databaseUrl, ...extra }) {
  const { TRUST_PROXY: _proxy, DATABASE_URL: _url, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'kitepost-bench-session-secret-0123456789abcdef',
    TOKEN_ENCRYPTION_KEY: 'kitepost-bench-token-key-0123456789abcdef-0123',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

/**
 * Starts the built server in one role. Resolves once it is up (web: /api/health answers 200;
 * worker: its banner is printed) unless `wait` is false. The child's stdout and stderr are kept
 * in `child.output`; with `echo`, its stderr is also copied to this process's stderr.
 */
export async function startServer(
  role,
  env,
  { nodeArgs = [], wait = true, echo = false, timeoutMs = 60_000 } = {},
) {
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js', `--role=${role}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (chunk) => {
    child.output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    child.output += chunk;
    if (echo) process.stderr.write(chunk);
  });
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  if (wait) await waitUntilUp(child, role, env.APP_URL, timeoutMs);
  return child;
}

export const isRunning = (child) => child.exitCode === null && child.signalCode === null;

export async function waitUntilUp(child, role, appUrl, timeoutMs = 60_000) {
  const began = Date.now();
  for (;;) {
    if (!isRunning(child)) {
      throw new Error(`the ${role} process exited (${child.exitCode ?? child.signalCode}):\n${child.output}`);
    }
    if (role === 'worker' && child.output.includes('(worker)')) return;
    if (role !== 'worker') {
      try {
        if ((await fetch(`${appUrl}/api/health`)).ok) return;
      } catch {}
    }
    if (Date.now() - began > timeoutMs)
      throw new Error(`the ${role} process did not come up in ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves with how it exited. */
export async function stopServer(child, graceMs = 25_000) {
  if (!isRunning(child)) return child.exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/** Runs `task` over `items`, `width` at a time. */
export async function inParallel(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index], index);
      }
    }),
  );
}

export const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** Calls the web API as the signed-in user; throws on a 4xx or 5xx. */
export function apiOf(baseUrl, cookie) {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * Signs a new user up through the web API; resolves with the session cookie. Sign-ups are rate
 * limited per address: a bench signing many up gives each its own (`forwardedFor`, which the
 * server reads only with TRUST_PROXY naming this process's address).
 */
export async function signUp(baseUrl, email, { forwardedFor } = {}) {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password: 'a long bench password', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return cookieOf(response);
}

/** Connects one new X sandbox account through the popup flow, as a browser would. */
export async function connectX(baseUrl, cookie, username) {
  const start = await fetch(`${baseUrl}/api/auth/social/twitter`, {
    headers: { cookie },
    redirect: 'manual',
  });
  if (start.status !== 302) throw new Error(`connect start: ${start.status} ${await start.text()}`);
  const authorize = new URL(start.headers.get('location'));
  // The simulator's consent page belongs to the signed-in workspace (decision 036): same cookie.
  const page = await (await fetch(authorize, { headers: { cookie } })).text();
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]),
  );
  const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, cookie },
    body: new URLSearchParams({ ...fields, account: '__new__', username, decision: 'authorize' }).toString(),
  });
  if (consent.status !== 302) throw new Error(`consent: ${consent.status} ${await consent.text()}`);
  const callback = new URL(consent.headers.get('location'));
  const done = await fetch(`${baseUrl}${callback.pathname}${callback.search}`, { headers: { cookie } });
  const page2 = await done.text();
  const id = /data-account-id="([^"]+)"/.exec(page2)?.[1];
  if (!id) throw new Error(`connect callback did not name the account: ${page2.slice(0, 300)}`);
  return id;
}
