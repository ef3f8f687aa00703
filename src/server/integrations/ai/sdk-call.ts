import { APICallError, type LanguageModel, RetryError } from 'ai';
import { generationMessages } from '../../../contracts/generation';
import { AiGenerationError } from './ai-provider';

/** The operator log: pino's `app.log` fits. */
export interface AiLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AiSdkProviderOptions {
  /** For /api/health and the UI, e.g. 'openai gpt-4.1-mini'. */
  name: string;
  model: LanguageModel;
  /** For the whole call, the one retry included. */
  timeoutMs: number;
  /** The setting that holds the credentials, named in operator messages: 'OPENAI_API_KEY'. */
  keySetting: string;
  /** Values that must never reach a log line or an error message: the API key. */
  secrets: string[];
  /**
   * For OpenAI-compatible servers: when one answers 400 naming `response_format`, stop sending the
   * JSON schema and rely on the prompt, which always spells out the same shape.
   */
  dropRefusedFormat?: boolean;
  log: AiLog;
}

/** What every AI SDK call needs of its writer: the settings, and the name for the log. */
export interface SdkWriter {
  readonly name: string;
  readonly options: AiSdkProviderOptions;
}

/** One call's deadline: AI_TIMEOUT_SECONDS, and the caller's signal (the client went away) with it. */
export function callDeadline(writer: SdkWriter, caller: AbortSignal | undefined) {
  const timeout = AbortSignal.timeout(writer.options.timeoutMs);
  return { timeout, signal: caller ? AbortSignal.any([caller, timeout]) : timeout };
}

/**
 * For a call that failed: throws the caller's abort as it is, and a timeout as the user's timeout
 * error (logged with `details`); returns for any other failure, which the call handles itself.
 */
export function throwIfStopped(
  writer: SdkWriter,
  error: unknown,
  caller: AbortSignal | undefined,
  timeout: AbortSignal,
  details: object = {},
): void {
  if (caller?.aborted) throw caller.reason;
  if (!timeout.aborted) return;
  writer.options.log.warn(
    { writer: writer.name, timeoutMs: writer.options.timeoutMs, ...details },
    'The AI writer took longer than AI_TIMEOUT_SECONDS',
  );
  throw new AiGenerationError('timeout', generationMessages.timedOut, { cause: error });
}

/**
 * A provider failure as the user's error. The operator's reason goes to the log (an error when the
 * key, model or URL is wrong), never the key and never the raw provider error, which holds the prompt.
 */
export function unavailableError(writer: SdkWriter, error: unknown): AiGenerationError {
  const { options } = writer;
  const failure = describeFailure(error, options.keySetting);
  const operatorMessage = redact(failure.message, options.secrets);
  const details = {
    writer: writer.name,
    status: failure.status,
    detail: redact(failure.detail, options.secrets),
  };
  if (failure.misconfigured) options.log.error(details, operatorMessage);
  else options.log.warn(details, operatorMessage);
  return new AiGenerationError('unavailable', generationMessages.unavailable, {
    cause: new Error(operatorMessage),
  });
}

/** The operator's reason; `misconfigured` ones (key, model, URL) are logged as errors. */
function describeFailure(error: unknown, keySetting: string) {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const call = APICallError.isInstance(cause) ? cause : undefined;
  const status = call?.statusCode;
  const detail = cause instanceof Error ? cause.message : String(cause);
  const reason = (message: string, misconfigured = false) => ({ status, detail, message, misconfigured });
  if (!call) return reason('The AI provider failed while answering.');
  // Without the query string, which some gateways use for keys.
  const where = call.url.split('?')[0];
  if (status === undefined) return reason(`Could not reach the AI provider at ${where}.`);
  if (status === 401 || status === 403) {
    return reason(`The AI provider refused the request (${status}). Check ${keySetting}.`, true);
  }
  if (status === 404) {
    return reason(`The AI provider answered 404 for ${where}. Check AI_MODEL and AI_BASE_URL.`, true);
  }
  if (status === 429) {
    return reason('The AI provider is rate limiting this key, or its quota is used up (429).');
  }
  if (status >= 500) return reason(`The AI provider failed (${status}).`);
  return reason(`The AI provider rejected the request (${status}).`, true);
}

function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((result, secret) => result.replaceAll(secret, '[redacted]'), text);
}
