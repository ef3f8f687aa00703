import { DetailedError, Upload } from 'tus-js-client';
import { type Media, media } from '../../../../contracts/media';
import { apiRequest } from '../../../lib/api-client';

/** Where resumable uploads go (tus 1.0; decision 057). */
const UPLOADS_ENDPOINT = '/api/uploads';
/**
 * One PATCH per 8 MB: progress and resume are per chunk on any browser, and a proxy's body limit
 * is never hit. A dropped chunk is sent again from the offset the server kept.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Retries after a network failure or a 5xx, then the upload stops and offers a retry button. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface ResumableUploadCallbacks {
  onProgress(bytesSent: number, bytesTotal: number): void;
  onSuccess(item: Media): void;
  /** `retryable`: the connection failed (a retry resumes); otherwise the server refused the file. */
  onError(message: string, retryable: boolean): void;
}

export interface ResumableUpload {
  /** Starts, or resumes after an error (from the offset the server kept). */
  start(): void;
  /** Stops sending and forgets the upload on the server. */
  cancel(): void;
}

/** The API's `{ error: { message } }` from a refused request, when there is one. */
function refusalOf(error: Error | DetailedError): { message: string | null; status: number | null } {
  if (!(error instanceof DetailedError) || !error.originalResponse) return { message: null, status: null };
  const status = error.originalResponse.getStatus();
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { error?: { message?: unknown } };
    return { message: typeof body.error?.message === 'string' ? body.error.message : null, status };
  } catch {
    return { message: null, status };
  }
}

/**
 * Uploads a file with tus-js-client (POST /api/uploads, then PATCHes). A dropped connection is
 * retried by itself; a file picked again after a reload resumes where it was (its fingerprint is
 * kept in localStorage until it is done). The last PATCH answers the Media; if that answer is
 * lost, GET /api/uploads/{id}/media gives it.
 */
export function createResumableUpload(file: File, callbacks: ResumableUploadCallbacks): ResumableUpload {
  let resumedChecked = false;
  const upload = new Upload(file, {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type },
    onProgress: callbacks.onProgress,
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // Refusals (too large, not a video, signed out) do not change by trying again; 409 (offset)
      // and 423 (locked) are resolved by the resume; 429 waits its turn.
      return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
    },
    onSuccess: async ({ lastResponse }) => {
      try {
        const parsed = media.safeParse(JSON.parse(lastResponse.getBody() || 'null'));
        if (parsed.success) return callbacks.onSuccess(parsed.data);
      } catch {
        // No body (the upload was already complete when resumed): asked for below.
      }
      try {
        const id = (upload.url ?? '').split('/').pop() ?? '';
        callbacks.onSuccess(
          await apiRequest('GET', `${UPLOADS_ENDPOINT}/${encodeURIComponent(id)}/media`, media),
        );
      } catch {
        callbacks.onError('The file was uploaded but could not be processed. Please upload it again.', false);
      }
    },
    onError: (error) => {
      const refusal = refusalOf(error);
      const refused = refusal.status !== null && refusal.status >= 400 && refusal.status < 500;
      callbacks.onError(
        refusal.message ??
          (refused
            ? 'The file could not be uploaded.'
            : 'The upload stopped: the connection was lost. Retry to go on from where it stopped.'),
        !refused || refusal.status === 429,
      );
    },
  });
  return {
    start() {
      if (resumedChecked) {
        upload.start();
        return;
      }
      resumedChecked = true;
      // The same file picked again after a reload goes on from where it was.
      void upload.findPreviousUploads().then(
        (previous) => {
          const last = previous[0];
          if (last) upload.resumeFromPreviousUpload(last);
          upload.start();
        },
        () => upload.start(),
      );
    },
    cancel() {
      void upload.abort(true).catch(() => undefined);
    },
  };
}
