import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '../../../contracts/integrations';
import { untouchedDraftFields } from '../../../contracts/posts';

/*
 * Examples of the main requests and answers in /api/docs, by route key (as in the permission
 * table), then `body` or the answer's status. They are checked against the operation's schema by
 * the OpenAPI linter (tests/integration/openapi-lint.test.ts): an example that drifts from its
 * contract fails the tests. Kept on the server, not in the contracts: the client bundles those.
 */

const POST_ID = '3d3b5d3f-62ef-434d-9fcb-58c6af0c0337';
const ACCOUNT_ID = '8f1c2b7e-4d5a-4c3b-9e8f-1a2b3c4d5e6f';
const USER_ID = '9ucieb2fIDv6iSvloy8fODr86lcpFJNY';
const CREATED_AT = '2026-11-28T09:30:00.000Z';

/** A made-up key and secret in the real formats (never valid anywhere). */
const EXAMPLE_KEY = `${API_KEY_PREFIX}${'Example'.padEnd(43, '0')}`;
const EXAMPLE_SECRET = `whsec_${'Example'.padEnd(43, '0')}`;

/** A draft as POST /api/posts answers it: the untouched-draft fields of the contract, then ours. */
const draftPost = {
  ...untouchedDraftFields(),
  id: POST_ID,
  platform: 'linkedin',
  content: 'We now open on Saturdays, 9 AM to 1 PM.',
  tone: null,
  contentType: null,
  hashtags: ['smallbusiness'],
  suggestedImagePrompt: null,
  bestTimeToPost: null,
  estimatedReach: null,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  createdByUserId: USER_ID,
};

const apiKey = {
  id: '5b9e7c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c',
  name: 'n8n: weekly digest',
  role: 'editor',
  prefix: EXAMPLE_KEY.slice(0, API_KEY_SHOWN_CHARS),
  createdBy: { id: USER_ID, name: 'Ada Lovelace' },
  createdAt: CREATED_AT,
  expiresAt: '2027-06-30T00:00:00.000Z',
  lastUsedAt: '2026-11-28T10:02:11.000Z',
  revokedAt: null,
};

const webhook = {
  id: 'a7c3e9f1-6b2d-4f8a-9c0e-1d2f3a4b5c6d',
  url: 'https://hooks.example.com/kitepost',
  events: ['post.published', 'post.failed'],
  description: 'Tell the shop’s Slack',
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: CREATED_AT,
  secretPrefix: EXAMPLE_SECRET.slice(0, 10),
};

export const operationExamples: Record<string, Record<string, unknown>> = {
  'POST /api/posts': {
    body: {
      platform: 'linkedin',
      content: 'We now open on Saturdays, 9 AM to 1 PM.',
      hashtags: ['smallbusiness'],
    },
    201: draftPost,
  },
  'POST /api/posts/:id/schedule': {
    body: { scheduledAt: '2026-12-01T14:00:00Z', socialAccountId: ACCOUNT_ID },
    200: {
      ...draftPost,
      status: 'scheduled',
      scheduledAt: '2026-12-01T14:00:00.000Z',
      socialAccountId: ACCOUNT_ID,
      updatedAt: '2026-11-28T09:31:00.000Z',
      warnings: [],
    },
  },
  'POST /api/api-keys': {
    body: { name: 'n8n: weekly digest', role: 'editor', expiresAt: '2027-06-30T00:00:00Z' },
    201: { ...apiKey, lastUsedAt: null, key: EXAMPLE_KEY },
  },
  'GET /api/api-keys': { 200: { keys: [apiKey] } },
  'POST /api/webhooks': {
    body: {
      url: 'https://hooks.example.com/kitepost',
      events: ['post.published', 'post.failed'],
      description: 'Tell the shop’s Slack',
    },
    201: { ...webhook, secret: EXAMPLE_SECRET },
  },
  'GET /api/webhooks': { 200: { webhooks: [webhook] } },
  'PATCH /api/webhooks/:id': { body: { rotateSecret: true } },
  'GET /api/webhooks/:id/deliveries': {
    200: {
      deliveries: [
        {
          id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
          eventId: 'e9f8d7c6-b5a4-4392-8170-6f5e4d3c2b1a',
          type: 'post.published',
          status: 'succeeded',
          attempts: 1,
          responseStatus: 204,
          durationMs: 182,
          error: null,
          createdAt: '2026-12-01T14:00:03.000Z',
          lastAttemptAt: '2026-12-01T14:00:03.000Z',
          nextAttemptAt: null,
          body: JSON.stringify({
            id: 'e9f8d7c6-b5a4-4392-8170-6f5e4d3c2b1a',
            type: 'post.published',
            createdAt: '2026-12-01T14:00:03.000Z',
            data: { id: POST_ID, status: 'published' },
          }),
          redeliveryOf: null,
        },
      ],
      nextCursor: null,
    },
  },
};
