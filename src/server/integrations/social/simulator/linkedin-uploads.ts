import type { FastifyRequest } from 'fastify';
import { apiError } from './linkedin-shapes';
import type { SimulatedAnswer } from './sandbox-faults';

// What the pretend Images, Videos and Documents APIs share about an upload: who may start one,
// and where an uploaded file stands while LinkedIn processes it.

/**
 * The owner named by an Images, Videos or Documents API `?action=initializeUpload` call, or
 * LinkedIn's refusal: only that action is served and the owner is required. Whether the caller
 * may upload as that owner is the caller's to check (LinkedInSite.actingAs: a member as themself,
 * "for person owners the caller must match the owner", Images and Documents APIs).
 */
export function requestedUploadOwner(
  request: FastifyRequest,
): { owner: string } | { refusal: SimulatedAnswer } {
  if ((request.query as Record<string, string | undefined>).action !== 'initializeUpload') {
    return { refusal: apiError(400, 'Only action=initializeUpload is served by the sandbox') };
  }
  const body = request.body as { initializeUploadRequest?: { owner?: unknown } } | undefined;
  const owner = body?.initializeUploadRequest?.owner;
  if (typeof owner !== 'string') {
    return { refusal: apiError(422, '/initializeUploadRequest/owner :: required field is not present') };
  }
  return { owner };
}

export type LinkedInUploadStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

/**
 * Where an uploaded video or document stands at `now`: waiting for its bytes, processed until
 * `availableAt`, then available or failed (the Videos and Documents APIs' states).
 */
export function uploadStatusOf(
  item: { availableAt?: number; failure?: string | null },
  waitingForBytes: boolean,
  now: number,
): LinkedInUploadStatus {
  if (waitingForBytes) return 'WAITING_UPLOAD';
  if ((item.availableAt ?? 0) > now) return 'PROCESSING';
  return item.failure ? 'PROCESSING_FAILED' : 'AVAILABLE';
}
