import type { ErrorCode } from '../../contracts/error-codes';
import type { ErrorResponse } from '../../contracts/errors';
import { ApiError } from './api-client';

/** A failure told inside the stream (after the 200 header) becomes the same error as a plain one. */
export function streamFailure(status: number, code: ErrorCode, message: string): ApiError {
  const body: ErrorResponse = { error: { code, message } };
  return new ApiError(status, '', JSON.stringify(body));
}

/**
 * Reads an NDJSON answer (decision 009) line by line: `handle` gets each parsed line and returns
 * the final result once a line carries it (then reading stops), or null to go on. A stream that
 * ends before that is a 502 with `cutMessage`.
 */
export async function readNdjson<Result>(
  body: ReadableStream<Uint8Array>,
  handle: (line: unknown) => Result | null,
  cutMessage: string,
): Promise<Result> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.trim()) continue;
      const result = handle(JSON.parse(line));
      if (result !== null) {
        await reader.cancel().catch(() => undefined);
        return result;
      }
    }
    if (done) throw streamFailure(502, 'upstream_failed', cutMessage);
  }
}
