import { InvalidContentError, type PublishMedia, TransientPlatformError } from '../social-provider';
import type { createLinkedInApi } from './linkedin-api';
import { toDocumentStatus, toDocumentUpload } from './publish-transform';

/*
 * A PDF through LinkedIn's Documents API (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/documents-api; research sheet 2.3): initializeUpload with the
 * owner, the whole file in one PUT, then wait until the document is AVAILABLE before a post may
 * name it. Postiz's linkedin.provider.ts does the same three steps (uploadPicture for
 * `documents`, mediaProcessingStatus); like it, a member token that may not read the document's
 * status (403, platforms.md audit 2026-11) gets one bounded wait instead of polling.
 */

export interface DocumentWait {
  firstDelayMs: number;
  maxDelayMs: number;
  maxWaitMs: number;
  /** The one wait when the token may not read the document's status. */
  blindWaitMs: number;
}

/**
 * LinkedIn names no poll interval for documents; it turns each page into an image, which takes
 * seconds for a short deck. A look every few seconds for at most 5 minutes (the publisher gives a
 * post with a document the video lease), or one 15 s wait when the status cannot be read.
 */
export const DEFAULT_DOCUMENT_WAIT: DocumentWait = {
  firstDelayMs: 1_000,
  maxDelayMs: 10_000,
  maxWaitMs: 5 * 60_000,
  blindWaitMs: 15_000,
};

type LinkedInApi = ReturnType<typeof createLinkedInApi>;

/**
 * Uploads the PDF and answers its URN once LinkedIn has it AVAILABLE. The bytes are read whole
 * (at most 100 MB): the upload is one PUT, and the platform HTTP client sends a body it holds;
 * the storage port's ranges would need a streamed request body, which it does not offer.
 */
export async function uploadLinkedInDocument(
  api: LinkedInApi,
  accessToken: string,
  owner: string,
  document: PublishMedia,
  wait: { documentWait: DocumentWait; sleep: (ms: number) => Promise<void> },
): Promise<string> {
  const upload = toDocumentUpload(await api.initializeDocumentUpload(accessToken, owner));
  await api.uploadDocument(accessToken, upload.uploadUrl, await document.read());
  const { documentWait, sleep } = wait;
  let waited = 0;
  let delay = documentWait.firstDelayMs;
  for (;;) {
    const body = await api.getDocument(accessToken, upload.document);
    if (body === null) {
      // Not readable with this token: one bounded wait, then the post tries; a refusal because
      // the document still processes is retried by the publisher (documentProcessingRefusal).
      await sleep(Math.min(documentWait.blindWaitMs, documentWait.maxWaitMs));
      return upload.document;
    }
    const { status, failure } = toDocumentStatus(body);
    if (status === 'AVAILABLE') return upload.document;
    if (status === 'PROCESSING_FAILED') {
      throw new InvalidContentError(
        'linkedin',
        `LinkedIn could not process the document${failure ? `: ${failure}` : '.'}`,
      );
    }
    if (waited >= documentWait.maxWaitMs) {
      // No post was made: another attempt (a new upload) is safe.
      throw new TransientPlatformError(
        'linkedin',
        `LinkedIn was still processing the document after ${Math.round(waited / 1000)} s (${status}).`,
        'server_error',
      );
    }
    const next = Math.min(delay, documentWait.maxWaitMs - waited);
    await sleep(next);
    waited += next;
    delay = Math.min(delay * 2, documentWait.maxDelayMs);
  }
}

/**
 * A document post refused because the document is not AVAILABLE yet (after a blind wait) is worth
 * another attempt later: nothing was created. LinkedIn's wording is UNCONFIRMED; its status words
 * are matched.
 */
export function documentProcessingRefusal(error: unknown): TransientPlatformError | null {
  if (!(error instanceof InvalidContentError)) return null;
  if (!/PROCESSING(?!_FAILED)|not AVAILABLE|WAITING_UPLOAD/i.test(error.message)) return null;
  return new TransientPlatformError(
    'linkedin',
    `LinkedIn is still processing the document of this post: ${error.message}`,
    'server_error',
    { cause: error },
  );
}
