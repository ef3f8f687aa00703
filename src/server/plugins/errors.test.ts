import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
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
      body: { error: { code: 'database_unavailable', message: DATABASE_AWAY_MESSAGE } },
    });
  });

  it('is an outside service failing when the database answers: a plain 500, no word about the database', async () => {
    expect(await answerTo(refused(), true)).toEqual({
      status: 500,
      retryAfter: undefined,
      body: { error: { code: 'internal', message: 'Internal server error' } },
    });
  });

  it('leaves other errors alone, whatever the database does', async () => {
    expect((await answerTo(new Error('a bug'), false)).status).toBe(500);
  });
});

describe('every error answer has the shape { error: { code, message } }', () => {
  async function answerOf(route: (app: FastifyInstance) => void, request: InjectOptions) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app, {});
    route(app);
    const response = await app.inject(request);
    await app.close();
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  }

  it('an AppError answers its code’s status, its message, its reason and its retry-after', async () => {
    const answer = await answerOf(
      (app) =>
        app.get('/', async () => {
          throw new AppError('rate_limited', 'Slow down.', {
            retryAfterSeconds: 30,
            reason: 'Ten a minute.',
          });
        }),
      { url: '/' },
    );
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.body).toEqual({
      error: { code: 'rate_limited', message: 'Slow down.', reason: 'Ten a minute.' },
    });
    const taken = await answerOf(
      (app) =>
        app.get('/', async () => {
          throw new AppError('email_taken', 'Taken.');
        }),
      { url: '/' },
    );
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: 409,
      body: { error: { code: 'email_taken', message: 'Taken.' } },
    });
  });

  it('a request that fails its contract is validation_failed with the issues', async () => {
    const answer = await answerOf(
      (app) => app.post('/', { schema: { body: z.object({ email: z.email() }) } }, async () => ({})),
      { method: 'POST', url: '/', payload: { email: 'no' } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.issues).toEqual([expect.objectContaining({ path: 'body.email' })]);
  });

  it('a malformed JSON body is bad_request; an unknown route not_found; a wrong content type keeps its 415', async () => {
    const post = (app: FastifyInstance) => app.post('/', async () => ({}));
    const malformed = await answerOf(post, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON body' } });
    const missing = await answerOf(post, { url: '/nowhere' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: 'No route GET /nowhere' } });
    const wrongType = await answerOf(post, {
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.code).toBe('unsupported_media_type');
  });

  it('a value the database refuses is bad_request, not a 500', async () => {
    const answer = await answerOf(
      (app) =>
        app.get('/', async () => {
          throw new Error('insert failed', {
            cause: Object.assign(new Error('invalid byte'), { code: '22021' }),
          });
        }),
      { url: '/' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: 'bad_request', message: 'A value in this request cannot be stored.' },
    });
  });
});
