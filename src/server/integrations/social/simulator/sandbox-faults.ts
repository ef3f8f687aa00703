import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArmedFaults } from './armed-faults';
import type { SandboxAccount } from './sandbox-store';

/*
 * Fault injection, for tests. Two ways to ask for one, answered in the pretend platform's own
 * error shapes:
 *
 * - per request: a call carrying `x-sandbox-fault: <fault>` (and `x-sandbox-delay-ms` for `slow`);
 * - per account: a fault armed for the next N calls of one kind made with that account's tokens
 *   (armed-faults.ts, `POST /sandbox/faults`), for callers that send no test headers, such as
 *   the publishing worker.
 *
 *   rate-limit          429 (or the platform's throttling error) with a reset 15 minutes ahead
 *   expired-token       401 (or the platform's) as for an expired token; the token keeps working
 *   revoked-token       revokes every token of the account, then answers as for a revoked token
 *                       (an API call only: it needs the token's account)
 *   server-error        503 before doing anything: nothing happened
 *   internal-error      500 before doing anything: nothing happened, but the caller cannot know
 *   error-after-create  does what was asked (the post is created), then answers 500
 *   slow                waits `x-sandbox-delay-ms` (or the armed delayMs; default 3000, at most
 *                       30000), then does it and answers normally: a caller that gave up first
 *                       has timed out after the post was created
 *   unknown-outcome     does what was asked (the post is created), then drops the connection
 *   no-data             a metrics read answers as the platform does while it has no data yet:
 *                       Instagram and Facebook insights `{"data": []}`, LinkedIn post analytics
 *                       `{"elements": []}`, X posts without `public_metrics`, and follower reads
 *                       without the follower count (X `public_metrics`, Facebook and Instagram
 *                       `followers_count`). Other calls answer normally.
 *   video-processing-failed  the video of this upload fails the platform's processing (X: STATUS
 *                       answers `failed` with its error) although the file is valid; arm it with
 *                       `on: "upload"` right before the publish (the next upload call takes it).
 *                       Instagram: the video container made by that call (a Reel, a Story video,
 *                       a carousel video) goes to ERROR with subcode 2207053; a call that makes
 *                       no video container (an image item) uses it up without effect.
 *                       Facebook: the video that call reaches fails processing (status `error`,
 *                       code 2069019, "Invalid file"), so it is never published: a feed video's
 *                       one call (`POST /{page-id}/videos`) is a publish call (`on: "publish"`);
 *                       a Reel's or video story's upload (rupload) is an upload call (`on:
 *                       "upload"`), and their start and finish calls (publish calls) count too.
 *                       Threads: the video container made by that call (`on: "upload"`) goes to
 *                       ERROR with `error_message` FAILED_PROCESSING_VIDEO.
 *   post-rejected       the post this call makes fails the platform's review after it is created:
 *                       Google Business Profile's local post goes from PROCESSING to REJECTED
 *                       (arm it with `on: "publish"`).
 *
 * Metrics reads (post insights, post analytics, follower counts) are calls of kind `read`: arm a
 * fault for them with `on: "read"`, e.g. the next 3 reads of an account answer "no data yet":
 *
 *   POST /sandbox/faults {"platform":"instagram","account":"<externalId>","fault":"no-data","on":"read","times":3}
 *
 * or rate-limited (each platform's throttling answer, reset 15 minutes ahead where the platform
 * names a reset: LinkedIn's 429 names none, so its adapter waits until midnight UTC) until cleared:
 *
 *   POST /sandbox/faults {"platform":"twitter","account":"<externalId>","fault":"rate-limit","on":"read","times":"always"}
 *
 * `times` counts calls, not posts: X reads up to 100 posts in one call, Facebook and Instagram
 * one post per call, LinkedIn one metric of one post per call (five per post, and a sixth for
 * its video plays). Any read of the account uses one up (a timeline or profile read as well), and
 * LinkedIn serves no follower read.
 * `DELETE /sandbox/faults?platform=…&account=…` clears them.
 *
 * Who can trigger one: a header fault only whoever sends that request (it touches nothing but
 * that call, and `revoked-token` only the tokens the caller already holds); an armed fault only a
 * signed-in member whose role may manage accounts, for the sandbox accounts of their own workspace
 * (armed-faults.ts, decision 036). Both are honoured only when the simulator is built with
 * `faults: true` (never in production); and the simulator serves a platform only while that
 * platform has no real credentials, so no real platform's traffic ever passes through here.
 */

export const SANDBOX_FAULT_HEADER = 'x-sandbox-fault';
export const SANDBOX_DELAY_HEADER = 'x-sandbox-delay-ms';
export const sandboxFaults = [
  'rate-limit',
  'expired-token',
  'revoked-token',
  'server-error',
  'internal-error',
  'error-after-create',
  'slow',
  'unknown-outcome',
  'no-data',
  'video-processing-failed',
  'post-rejected',
] as const;
export type SandboxFault = (typeof sandboxFaults)[number];

/** What a call does at the pretend platform: an armed fault aims at one kind of call. */
export type SimulatedCallKind = 'publish' | 'upload' | 'read' | 'other';

export const DEFAULT_DELAY_MS = 3_000;
export const MAX_DELAY_MS = 30_000;
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
  /** 503. */
  unavailable(): SimulatedAnswer;
  /** 500. */
  internalError(): SimulatedAnswer;
}

/** A fault to apply to one call. */
export interface ChosenFault {
  fault: SandboxFault;
  delayMs: number;
}

export type RequestedFault = ChosenFault | { invalid: string } | null;

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

/** Handed to a route's handler: the route says whose token the call carries once it knows. */
export interface FaultCheck {
  /**
   * Applies a fault armed for this account (or a `revoked-token` asked in the header). Answers
   * the failure to send instead of doing the work, or null to go on.
   */
  forAccount(account: SandboxAccount): Promise<SimulatedAnswer | null>;
  /** The fault this call carries (asked in its header or armed), once forAccount has run. */
  chosen(): SandboxFault | null;
}

export interface SimulatedApiOptions {
  faults: boolean;
  answers: FaultAnswers;
  /** API routes (whose caller is an account) pass the armed faults and the kind of call. */
  armed?: ArmedFaults;
  kind?: SimulatedCallKind;
  /**
   * A metrics read's answer under the `no-data` fault: the same answer as the platform gives
   * while it has no data yet. Routes without one answer normally under `no-data`.
   */
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer;
}

/** Faults that answer instead of doing the work. */
const ANSWERED_BEFORE = new Set<SandboxFault>([
  'rate-limit',
  'expired-token',
  'server-error',
  'internal-error',
]);

function answerBefore(fault: SandboxFault, answers: FaultAnswers): SimulatedAnswer | null {
  switch (fault) {
    case 'rate-limit':
      return answers.rateLimited(new Date(Date.now() + RATE_LIMIT_WINDOW_MS));
    case 'expired-token':
      return answers.unauthorized();
    case 'server-error':
      return answers.unavailable();
    case 'internal-error':
      return answers.internalError();
    default:
      return null;
  }
}

/**
 * A route handler of a pretend platform's API: runs `handle` unless a fault was asked for, and
 * sends what it answers.
 */
export function simulatedApi<Request extends FastifyRequest>(
  options: SimulatedApiOptions,
  handle: (request: Request, check: FaultCheck) => Promise<SimulatedAnswer>,
) {
  return async (request: Request, reply: FastifyReply) => {
    const asked = readFault(request, options.faults);
    if (asked && 'invalid' in asked) {
      return sendAnswer(reply, {
        status: 400,
        body: { error: `Unknown sandbox fault "${asked.invalid}"`, faults: sandboxFaults },
      });
    }
    if (asked?.fault === 'revoked-token' && !options.armed) {
      return sendAnswer(reply, {
        status: 400,
        body: { error: 'The sandbox fault "revoked-token" applies to API calls made with a token only' },
      });
    }
    let chosen: ChosenFault | null = asked;
    if (chosen) {
      const before = answerBefore(chosen.fault, options.answers);
      if (before) return sendAnswer(reply, before);
      if (chosen.fault === 'slow') await delay(chosen.delayMs);
    }
    const check: FaultCheck = {
      chosen: () => chosen?.fault ?? null,
      forAccount: async (account) => {
        if (!options.faults || !options.armed) return null;
        if (chosen?.fault === 'revoked-token') {
          await options.armed.revokeTokensOf(account);
          return options.answers.unauthorized();
        }
        if (chosen) return null;
        const armed = options.armed.take(account.id, options.kind ?? 'other');
        if (!armed) return null;
        chosen = armed;
        request.log.info(
          { fault: armed.fault, account: account.externalId },
          'sandbox fault armed for account',
        );
        if (armed.fault === 'revoked-token') {
          await options.armed.revokeTokensOf(account);
          return options.answers.unauthorized();
        }
        if (ANSWERED_BEFORE.has(armed.fault)) return answerBefore(armed.fault, options.answers);
        if (armed.fault === 'slow') await delay(armed.delayMs);
        return null;
      },
    };
    const answer = await handle(request, check);
    if (chosen?.fault === 'unknown-outcome') {
      // The work is done; the caller never hears so. Fastify must not answer on this socket.
      request.log.info('sandbox fault: dropping the connection after the request took effect');
      reply.hijack();
      // Without an error: a dropped connection is the fault asked for, not a server failure to log.
      reply.raw.destroy();
      return reply;
    }
    if (chosen?.fault === 'error-after-create') {
      return sendAnswer(reply, options.answers.internalError());
    }
    if (chosen?.fault === 'no-data' && options.withoutData && answer.status >= 200 && answer.status < 300) {
      return sendAnswer(reply, options.withoutData(answer));
    }
    return sendAnswer(reply, answer);
  };
}
