import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES } from '../media';
import type { PlatformPostRules } from '../post-types';
import { MAX_POST_TITLE_LENGTH } from '../posts';

const MB = 1024 * 1024;

/**
 * LinkedIn Posts API as a member (research sheet §2; the pretend LinkedIn enforces the same):
 * - one image (`content.media`), or 2–20 images (`content.multiImage`: "minimum of 2 images and
 *   maximum of 20 images", MultiImage API, learn.microsoft.com/en-us/linkedin/marketing/
 *   community-management/shares/multiimage-post-api), or one video alone (a post holds one kind
 *   of content; Postiz: "Can have maximum 1 media when selecting a video");
 * - images JPG/PNG (the Images API also takes GIF, which Kitepost does not upload); 8 MB is
 *   Kitepost's image cap (LinkedIn's own is UNCONFIRMED: 5 MB per Ayrshare, 3p);
 * - video MP4 only, 3 s to 30 min, aspect ratio 1:2.4 to 2.4:1 (LinkedIn's video specifications
 *   as restated by Ayrshare, 3p, and the video ads spec); LinkedIn takes up to 5 GB in parts
 *   (Videos API), Kitepost's upload cap is 1 GiB. Codecs are not stated for organic posts
 *   (UNCONFIRMED): H.264 + AAC is what the ads spec asks and what every player takes;
 * - alt text: the Media object's `altText`, at most 4,086 characters (Posts API schema, 3p-quoted),
 *   sent for images; LinkedIn documents none for a video;
 * - first comment: Comments API, 1,250 characters (the commonly quoted comment limit; UNCONFIRMED).
 *
 * `carousel` is LinkedIn's document post, the organic "carousel" (research sheet §2.3; LinkedIn:
 * "Organic carousel is currently not supported" for the ads swipe cards): one document alone,
 * uploaded through the Documents API (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/documents-api; `w_member_social` for members, "file size can't
 * exceed 100MB and 300 pages", as quoted by the research sheet), posted as `content.media` with
 * its `title`, which a document post must have (getlate LinkedInPlatformData: "Required by LinkedIn
 * for document posts"; Postiz sends it, linkedin.provider.ts buildPostContent). Kitepost uploads
 * PDFs only (LinkedIn also takes PPT/PPTX/DOC/DOCX, Ayrshare 3p; decision 066). The title's
 * longest length is not documented: 200 (MAX_POST_TITLE_LENGTH) is UNCONFIRMED. The commentary is
 * the post's text as for any post; documents take no alt text (the Documents API has none).
 */
export const linkedinPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 20,
      media: 'images-or-video',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 8 * MB, aspectRatio: null },
      video: {
        mimeTypes: ['video/mp4'],
        maxBytes: 1024 * MB,
        minDurationMs: 3_000,
        maxDurationMs: 30 * 60_000,
        videoCodecs: ['h264'],
        audioCodecs: ['aac'],
        aspectRatio: { min: 1 / 2.4, max: 2.4, label: 'between 1:2.4 and 2.4:1' },
      },
      altText: { maxLength: 4086, imagesOnly: true },
      takesText: true,
    },
    carousel: {
      minItems: 1,
      maxItems: 1,
      media: 'document',
      image: null,
      video: null,
      document: { maxBytes: MAX_DOCUMENT_BYTES, maxPages: MAX_DOCUMENT_PAGES },
      title: { required: true, maxLength: MAX_POST_TITLE_LENGTH },
      altText: null,
      takesText: true,
    },
  },
  firstComment: { maxLength: 1250 },
};
