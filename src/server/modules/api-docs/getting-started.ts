import {
  API_KEY_PREFIX,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_TTL_HOURS,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventDescriptions,
  webhookEventTypes,
} from '../../../contracts/integrations';
import { MAX_POSTS_PER_PAGE } from '../../../contracts/posts';

/*
 * The "Getting started" of /api/docs: the OpenAPI document's info.description, in Markdown (Swagger
 * UI renders it above the operations). Kept in code, not in a file read at run time: the server is
 * bundled by esbuild. Its two code samples are run by tests/integration/api-docs.test.ts.
 */

const fence = '```';

/** How a receiver checks a delivery: the sample the text shows, and the one the tests run. */
export const signatureVerificationSample = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** Deliveries older (or newer) than this are refused: a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

/**
 * True when \`rawBody\` (the request's bytes exactly as received, before any JSON parsing) was
 * signed with \`secret\` (the whole "whsec_..." string) less than five minutes ago.
 */
export function verifyKitepostSignature(rawBody, signatureHeader, secret, nowMs = Date.now()) {
  if (!signatureHeader) return false;
  const pairs = signatureHeader.split(',').map((part) => part.trim().split('='));
  const t = pairs.find(([name]) => name === 't')?.[1];
  const signatures = pairs.filter(([name]) => name === 'v1').map(([, value]) => value);
  if (!t || !/^\\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - Number(t)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\`).update(rawBody).digest();
  // After a secret rotation each delivery carries one v1= per secret for 24 hours: any may match.
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

const receiverSample = `import { createServer } from 'node:http';
import { verifyKitepostSignature } from './verify-kitepost-signature.js';

const secret = process.env.KITEPOST_WEBHOOK_SECRET; // whsec_..., shown once in Settings › Webhooks

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    if (!verifyKitepostSignature(rawBody, request.headers['kitepost-signature'], secret)) {
      response.writeHead(400).end('bad signature');
      return;
    }
    const event = JSON.parse(rawBody.toString('utf8'));
    // event.id is the same in every retry of one event: skip the ones you have handled.
    console.log(event.type, event.data);
    response.writeHead(204).end(); // answer fast; do slow work after answering
  });
}).listen(3001);`;

const mcpConfigSample = (origin: string) => `{
  "mcpServers": {
    "kitepost": {
      "type": "http",
      "url": "${origin}/api/mcp",
      "headers": { "Authorization": "Bearer ${API_KEY_PREFIX}..." }
    }
  }
}`;

const eventList = webhookEventTypes
  .map((type) => `| \`${type}\` | ${webhookEventDescriptions[type]} |`)
  .join('\n');

/** The Markdown, with the server's own origin (APP_URL) and its key rate limit. */
export function gettingStarted(options: { appUrl: string; keyRequestsPerMinute: number }): string {
  const origin = new URL(options.appUrl).origin;
  return `Kitepost's whole API: everything the web app does, a script, n8n, Make or an AI agent can do.
This page is generated from the same schemas that check every request, so it is always the API the
server runs. The document itself: [/api/openapi.json](${origin}/api/openapi.json).

## Getting started

1. **Create a key** in Kitepost: *Settings › API › Create key*. Give it a name, the role it acts
   as and, if you like, an expiry. The key (\`${API_KEY_PREFIX}...\`) is shown **once**: store it
   in a secret manager. Kitepost keeps only a hash of it; a lost key is revoked and replaced.
2. **Send it** as a Bearer token on every call:

${fence}sh
curl ${origin}/api/posts -H "Authorization: Bearer ${API_KEY_PREFIX}..."
${fence}

   Here, press **Authorize** and paste the key to try any call from this page.

**Plans.** API keys and webhooks come with the **Professional** and **Enterprise** plans (and the
Professional trial every new workspace starts with). On other plans a key is refused with a 402
\`plan_limit\` naming the plan needed.

**Roles.** A key acts as the role chosen when it was made (admin, editor, approver or viewer, never
above its creator's and never owner), in its own workspace, with the same permissions as a member
of that role: an editor key writes and schedules posts, a viewer key only reads. A key cannot use
what belongs to a person's browser session: the password, sessions, two-factor, passkeys, the
account itself, signing in or out, and the admin portal (those operations show only the session
cookie below), and it cannot make other keys. Revoked and expired keys answer 401, and so does a
key whose creator has left the workspace; a key whose creator's role has dropped below the key's
answers 403.

### Create a post and schedule it

Find the account to post to, create a draft, then schedule it (times are ISO 8601, with an offset):

${fence}sh
curl ${origin}/api/user/social-accounts -H "Authorization: Bearer $KITEPOST_KEY"

curl -X POST ${origin}/api/posts \\
  -H "Authorization: Bearer $KITEPOST_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 7d4f5e0a-1c2b-4a8e-9f10-3b6c5d7e8f90" \\
  -d '{"platform": "linkedin", "content": "We now open on Saturdays.", "hashtags": ["smallbusiness"]}'

curl -X POST ${origin}/api/posts/POST_ID/schedule \\
  -H "Authorization: Bearer $KITEPOST_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"scheduledAt": "2026-12-01T14:00:00Z", "socialAccountId": "ACCOUNT_ID"}'
${fence}

The post is published at that time; \`post.published\` or \`post.failed\` tells you how it went
(see Webhooks below), and \`GET /api/posts/POST_ID\` shows it too.

### Errors

Every refusal has a status and the same body; branch on \`code\`, show \`message\`:

${fence}json
{ "error": { "code": "validation_failed", "message": "Invalid request",
  "issues": [{ "path": "body.content", "message": "Write something to post" }] } }
${fence}

| status | code | meaning |
|---|---|---|
| 400 | \`validation_failed\`, \`bad_request\` | the input breaks the operation's schema (\`issues\` says where) |
| 401 | \`unauthorized\` | no key, or a revoked, expired or unknown one |
| 402 | \`plan_limit\` | the plan does not include it (\`planNeeded\` says which does), or a limit is reached |
| 403 | \`forbidden\` | the key's role may not do this |
| 404 | \`not_found\` | nothing of that id in this workspace |
| 409 | \`conflict\` and others | the state does not allow it (e.g. a post already published) |
| 429 | \`rate_limited\` | too many requests: wait \`Retry-After\` seconds |
| 5xx | | on Kitepost's side or a network's: retry later, with the same Idempotency-Key |

Each operation below lists the refusals it can answer.

### Rate limits

Each key may make ${options.keyRequestsPerMinute} requests a minute, on its own (another key's
traffic never counts against it). Every answer to a key says where it stands with the
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds) headers. Past it, the
answer is 429 \`rate_limited\` with \`Retry-After\` (seconds): wait that long, then go on.

### Retries and Idempotency-Key

\`POST\` operations take an \`Idempotency-Key\` header (Stripe's rules): a unique value per
operation (a UUID v4), up to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters. A retry with the same key
and the same body answers the first answer again, with \`Idempotent-Replayed: true\`, without doing
it twice; the same key with a different body, or while the first request still runs, answers 409.
Keys are kept ${IDEMPOTENCY_TTL_HOURS} hours. After a timeout or a dropped connection, send the same
request with the same key. A 5xx answer and a refusal before the request ran (401, 403, 429) are not
kept: retry those with the same key too.

### Lists

\`GET /api/posts\` takes \`status\` (comma-separated), a date range \`from\` and \`to\`
(ISO 8601) and \`limit\` (1 to ${MAX_POSTS_PER_PAGE}, default 50): to read further back, move
\`to\` to the oldest date you have. A webhook's delivery log comes a page at a time, newest first:
pass its \`nextCursor\` as \`cursor\` for the next page (null: there is none). The other lists
answer whole.

## Webhooks

Add an endpoint in *Settings › Webhooks* (or \`POST /api/webhooks\`): an \`https://\` URL and the
events it wants. Its signing secret (\`whsec_...\`) is shown once; it can be rotated, and the old
one still signs for 24 hours.

| event | when |
|---|---|
${eventList}

Each delivery is a \`POST\` with a JSON body \`{ "id", "type", "createdAt", "data" }\` (\`data\` is
the post, account or subscription, as the API answers it). Answer with any 2xx status, quickly;
anything else (or no answer) is retried with growing waits for 24 hours. An endpoint whose
deliveries fail ${WEBHOOK_DISABLE_AFTER_FAILURES} times in a row is disabled, with a notification
in Kitepost. Settings › Webhooks keeps each delivery (status, answer code, duration) and can
send one again (\`Redeliver\`: same event id). Deliveries may arrive out of order or more than
once: use \`id\` to skip ones you have handled.

### Verifying the signature

Every delivery carries \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`: \`v1\` is the
HMAC-SHA256, keyed with the endpoint's whole secret string (\`whsec_...\`, as UTF-8), of
\`t\`, a dot and the raw body. During the 24 hours after a rotation a delivery carries a \`v1=\` for
each secret: accept it if any matches. Compute over the raw bytes (not re-serialized JSON), compare
in constant time, and refuse a \`t\` more than 300 seconds from now.

${fence}js
${signatureVerificationSample}
${fence}

A complete receiver with Node's own http module:

${fence}js
${receiverSample}
${fence}

## MCP server (AI agents)

Kitepost is also a [Model Context Protocol](https://modelcontextprotocol.io) server, at
\`${origin}/api/mcp\` (Streamable HTTP, stateless: each JSON-RPC message is a \`POST\` answered with
JSON), authenticated with an API key like the REST API. Its tools
list accounts, generate ideas, create drafts, schedule or queue posts, list upcoming and failed
posts, read a post's metrics and read the brand kit, with the key's role, permissions and plan
limits. A client's configuration (Claude Code, Cursor, VS Code and others take this shape):

${fence}json
${mcpConfigSample(origin)}
${fence}
`;
}
