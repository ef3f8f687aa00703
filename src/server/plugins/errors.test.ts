import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATABASE_AWAY_MESSAGE, registerErrorHandler } from './errors';

/** A refused socket as undici's fetch or node-postgres report it. */
const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:443'), { code: 'ECONNREFUSED' }),
  });

async function answerTo(error: Error, databaseAnswers: boolean) {
  const app = Fastify();
  registerErrorHandler(app, { databaseAnswers: async () => databaseAnswers });
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject({ url: '/' });
  await app.close();
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() };
}

describe('a connection error reaching the error handler', () => {
  it('is the database being away (503, Retry-After) only when the database does not answer either', async () => {
    expect(await answerTo(refused(), false)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { error: DATABASE_AWAY_MESSAGE, message: DATABASE_AWAY_MESSAGE },
    });
  });

  it('is an outside service failing when the database answers: a plain 500, no word about the database', async () => {
    expect(await answerTo(refused(), true)).toEqual({
      status: 500,
      retryAfter: undefined,
      body: { error: 'Internal server error' },
    });
  });

  it('leaves other errors alone, whatever the database does', async () => {
    expect((await answerTo(new Error('a bug'), false)).status).toBe(500);
  });
});
