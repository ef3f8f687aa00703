import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Fault injection, for tests: a request to a pretend platform's API that carries
 * `x-sandbox-fault: <fault>` is answered with that failure, in that platform's own error shape.
 *
 *   rate-limit       429 with the platform's rate-limit headers (reset 15 minutes ahead)
 *   expired-token    401 as for a revoked or expired token
 *   server-error     503
 *   slow             waits `x-sandbox-delay-ms` (default 3000, at most 30000), then answers normally
 *   unknown-outcome  does what was asked (the post is created), then drops the connection unanswered
 *
 * Who can trigger one: only whoever sends the request to the simulator. Kitepost's own adapters
 * send only the headers they build, so a visitor cannot make the app's calls fail; the header is
 * honoured only when the simulator is built with `faults: true` (never in production); and the
 * simulator serves a platform only while that platform has no real credentials, so no real
 * platform's traffic ever passes through here.
 */

export const SANDBOX_FAULT_HEADER = 'x-sandbox-fault';
export const SANDBOX_DELAY_HEADER = 'x-sandbox-delay-ms';
export const sandboxFaults = [
  'rate-limit',
  'expired-token',
  'server-error',
  'slow',
  'unknown-outcome',
] as const;
export type SandboxFault = (typeof sandboxFaults)[number];

const DEFAULT_DELAY_MS = 3_000;
const MAX_DELAY_MS = 30_000;
export const RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/** An answer of a pretend platform's API, before it is sent. */
export interface SimulatedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** How one platform says each injected failure. */
export interface FaultAnswers {
  rateLimited(resetAt: Date): SimulatedAnswer;
  unauthorized(): SimulatedAnswer;
  unavailable(): SimulatedAnswer;
}

export type RequestedFault = { fault: SandboxFault; delayMs: number } | { invalid: string } | null;

export function readFault(request: FastifyRequest, enabled: boolean): RequestedFault {
  const value = request.headers[SANDBOX_FAULT_HEADER];
  if (!enabled || typeof value !== 'string' || value === '') return null;
  const fault = sandboxFaults.find((one) => one === value.trim().toLowerCase());
  if (!fault) return { invalid: value };
  const asked = Number(request.headers[SANDBOX_DELAY_HEADER]);
  const delayMs = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, MAX_DELAY_MS) : DEFAULT_DELAY_MS;
  return { fault, delayMs };
}

export function sendAnswer(reply: FastifyReply, answer: SimulatedAnswer): FastifyReply {
  reply.status(answer.status);
  if (answer.headers) reply.headers(answer.headers);
  if (answer.body === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
}

/**
 * A route handler of a pretend platform's API: runs `handle` unless a fault was asked for, and
 * sends what it answers.
 */
export function simulatedApi<Request extends FastifyRequest>(
  options: { faults: boolean; answers: FaultAnswers },
  handle: (request: Request) => Promise<SimulatedAnswer>,
) {
  return async (request: Request, reply: FastifyReply) => {
    const asked = readFault(request, options.faults);
    if (asked && 'invalid' in asked) {
      return sendAnswer(reply, {
        status: 400,
        body: { error: `Unknown sandbox fault "${asked.invalid}"`, faults: sandboxFaults },
      });
    }
    switch (asked?.fault) {
      case 'rate-limit':
        return sendAnswer(reply, options.answers.rateLimited(new Date(Date.now() + RATE_LIMIT_WINDOW_MS)));
      case 'expired-token':
        return sendAnswer(reply, options.answers.unauthorized());
      case 'server-error':
        return sendAnswer(reply, options.answers.unavailable());
      case 'slow':
        await delay(asked.delayMs);
        break;
      default:
        break;
    }
    const answer = await handle(request);
    if (asked?.fault === 'unknown-outcome') {
      // The work is done; the caller never hears so. Fastify must not answer on this socket.
      request.log.info('sandbox fault: dropping the connection after the request took effect');
      reply.hijack();
      // Without an error: a dropped connection is the fault asked for, not a server failure to log.
      reply.raw.destroy();
      return reply;
    }
    return sendAnswer(reply, answer);
  };
}
