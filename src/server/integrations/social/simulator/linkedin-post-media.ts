import type { Db } from '../../../db/client';
import { documentItemOf, documentStatusOf } from './linkedin-document-simulator';
import { imageStatusOf } from './linkedin-media-simulator';
import { apiError, type LinkedInPostContent, type SandboxArticleItem } from './linkedin-shapes';
import { videoItemOf, videoStatusOf } from './linkedin-video-simulator';
import type { SimulatedAnswer } from './sandbox-faults';
import { findContainers } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';

/*
 * The media a new post of the pretend LinkedIn names (POST /rest/posts, linkedin-simulator.ts),
 * checked against the member's uploads (Images, Videos and Documents APIs) and kept on the post.
 */

/**
 * What a new post's content names, checked as LinkedIn checks it: every image or video must be
 * the member's own upload (another member's is not found: "images must be owned by the author",
 * MultiImage API) and AVAILABLE. A post naming an image or a video still WAITING_UPLOAD or
 * PROCESSING is refused, as LinkedIn "rejects the post with a processing error" (Postiz
 * linkedin.provider.ts, which waits for it; research sheet 2.6); LinkedIn's exact wording is
 * UNCONFIRMED, so the status is in the message. One PROCESSING_FAILED is refused the same way.
 */
export async function linkedInPostMediaOf(
  db: Db,
  account: SandboxAccount,
  content: LinkedInPostContent,
  platform: 'linkedin' | 'linkedin_page' = 'linkedin',
): Promise<SandboxPost['media'] | { error: SimulatedAnswer }> {
  const urns =
    content.kind === 'images'
      ? content.images.map((image) => image.urn)
      : content.kind === 'video' || content.kind === 'document'
        ? [content.urn]
        : content.kind === 'article' && content.thumbnail
          ? [content.thumbnail]
          : [];
  const uploads = new Map(
    (await findContainers(db, platform, account.id, urns)).map((row) => [row.externalId, row] as const),
  );
  const now = Date.now();
  const image = (urn: string): { item: SandboxPost['media'][number] } | { error: SimulatedAnswer } => {
    const item = uploads.get(urn)?.media[0];
    if (!item || (item.kind !== 'image' && item.kind !== 'image-pending')) {
      return { error: apiError(422, `/content :: ${urn} does not exist`) };
    }
    const status = imageStatusOf(item, now);
    if (status !== 'AVAILABLE') {
      return { error: apiError(422, `/content :: image ${urn} is ${status}, not AVAILABLE`) };
    }
    return { item };
  };
  switch (content.kind) {
    case 'none':
      return [];
    case 'images': {
      const media: SandboxPost['media'] = [];
      for (const { urn, altText } of content.images) {
        const found = image(urn);
        if ('error' in found) return found;
        const kept = { id: found.item.id, url: found.item.url, kind: found.item.kind, altText };
        media.push(kept);
      }
      return media;
    }
    case 'video': {
      const video = videoItemOf(uploads.get(content.urn));
      if (!video) return { error: apiError(422, `/content :: ${content.urn} does not exist`) };
      const status = videoStatusOf(video, now);
      if (status !== 'AVAILABLE') {
        return { error: apiError(422, `/content :: video ${content.urn} is ${status}, not AVAILABLE`) };
      }
      const kept = {
        id: video.id,
        url: null,
        kind: 'video',
        title: content.title,
        durationMs: video.durationMs,
        width: video.width,
        height: video.height,
      };
      return [kept];
    }
    case 'document': {
      // The author's own upload only: another member's document is not found (Documents API,
      // "for person owners the caller must match the document owner"); AVAILABLE only.
      const document = documentItemOf(uploads.get(content.urn));
      if (!document) return { error: apiError(422, `/content :: ${content.urn} does not exist`) };
      const status = documentStatusOf(document, now);
      if (status !== 'AVAILABLE') {
        return {
          error: apiError(422, `/content :: document ${content.urn} is ${status}, not AVAILABLE`),
        };
      }
      const kept = {
        id: document.id,
        url: document.url,
        kind: 'document',
        title: content.title,
        pageCount: document.pageCount,
        sizeBytes: document.sizeBytes,
      };
      return [kept];
    }
    case 'article': {
      let url: string | null = null;
      if (content.thumbnail) {
        const found = image(content.thumbnail);
        if ('error' in found) return found;
        url = found.item.url;
      }
      const card: SandboxArticleItem = {
        id: content.source,
        url,
        kind: 'article',
        title: content.title,
        description: content.description,
        thumbnail: content.thumbnail,
      };
      return [card];
    }
  }
}
