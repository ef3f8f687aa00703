import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NDJSON } from '../../contracts/generation';
import { AppError } from './app-error';

export interface NdjsonRun<Event> {
  /** Aborted when the client goes away before the answer is complete. */
  signal: AbortSignal;
  /** Writes one event line; the first one opens the stream (a no-op for a JSON answer). */
  emit: (event: Event) => void;
}

/**
 * The AI routes' answer (decision 009): JSON by default; NDJSON events when the client asks for
 * them (`Accept: application/x-ndjson`), so results show as they are written. The stream opens with
 * the first event: an error before it (rate limit, no credits, a failed writer) is still an
 * ordinary HTTP error with its status; an error after it is a last `{type:'error'}` line. The last
 * line of a good answer is `done(result)`.
 */
export async function ndjsonReply<Event, Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (options: NdjsonRun<Event>) => Promise<Result>,
  done: (result: Result) => Event,
): Promise<Result | FastifyReply> {
  const abort = new AbortController();
  // The client went away before the answer was complete: stop the writer.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  if (!(request.headers.accept ?? '').includes(NDJSON)) return run({ signal: abort.signal, emit: () => {} });

  let stream: PassThrough | undefined;
  const open = () => {
    if (!stream) {
      stream = new PassThrough();
      reply
        .type(`${NDJSON}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    }
    return stream;
  };
  const line = (event: unknown) => `${JSON.stringify(event)}\n`;
  try {
    const result = await run({ signal: abort.signal, emit: (event) => open().write(line(event)) });
    open().end(line(done(result)));
  } catch (error) {
    if (!stream) throw error;
    const known = error instanceof AppError;
    if (!known) request.log.error({ err: error }, 'an AI answer failed mid-stream');
    stream.end(
      line({
        type: 'error',
        status: known ? error.status : 500,
        code: known ? error.code : 'internal',
        message: known ? error.message : 'Internal server error',
      }),
    );
  }
  return reply;
}
