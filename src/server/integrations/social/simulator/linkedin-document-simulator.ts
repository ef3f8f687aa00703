import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES } from '../../../../contracts/media';
import { type PdfReading, readPdf } from '../../documents/pdf-reader';
import type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';
import { accessDenied, apiError, type LinkedInApiRoute } from './linkedin-shapes';
import { type LinkedInSite, memberSite } from './linkedin-site';
import { requestedUploadOwner, uploadStatusOf } from './linkedin-uploads';
import { keepUploadedImage, sandboxMediaUrl } from './sandbox-media';
import { findContainers, insertPost, updateContainerMedia } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn Documents API (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/documents-api; research sheet 2.3), for document posts:
 *
 *   POST /rest/documents?action=initializeUpload {initializeUploadRequest: {owner}} → {value:
 *        {uploadUrl, document: urn:li:document:…, uploadUrlExpiresAt}}; the owner must be the
 *        token's member ("for person owners the caller must match the document owner");
 *   PUT  <uploadUrl> with the whole file (one PUT) → 201;
 *   GET  /rest/documents/{urn} → status WAITING_UPLOAD → PROCESSING → AVAILABLE |
 *        PROCESSING_FAILED (with processingFailureReason), the Images and Videos APIs' states.
 *
 * The uploaded bytes are read for real with the reader the app uses (pdf.js in a child process): a file
 * that is no readable PDF, is encrypted, has more than 300 pages or more than 100 MB ("file size
 * can't exceed 100MB and 300 pages", Documents API as quoted in the research sheet) ends
 * PROCESSING_FAILED once processing is over, as LinkedIn's converter finds it, not the upload
 * (the same choice as the pretend Videos API; LinkedIn's exact failure words are UNCONFIRMED).
 * LinkedIn also converts PPT/PPTX/DOC/DOCX; Kitepost sends PDFs only, so the sandbox reads PDFs
 * only. Processing takes `linkedInImageProcessingMs`. The sandbox keeps the document's facts and
 * its first page (what the post page shows), not the PDF.
 */

const DOCUMENT_URN = /^urn:li:document:([A-Za-z0-9]{1,64})$/;
/** Room above the limit, so that a file just over it is read and refused as LinkedIn does. */
const UPLOAD_BODY_LIMIT = MAX_DOCUMENT_BYTES + 1024 * 1024;

/** What the sandbox keeps of an uploaded document, in its container row's one media item. */
export interface SandboxDocumentItem {
  id: string;
  /** The first page as WebP (the sandbox's own media route), once read. */
  url: string | null;
  /** 'document-pending' until its bytes arrive, then 'document'. */
  kind: 'document-pending' | 'document';
  availableAt?: number;
  failure?: string | null;
  pageCount?: number;
  sizeBytes?: number;
  /** Set on the published post's copy: the title the post gave it. */
  title?: string;
}

/** The document item of a container row (null: the row is no document). */
export function documentItemOf(row: SandboxPost | undefined): SandboxDocumentItem | null {
  const item = row?.media[0] as Partial<SandboxDocumentItem> | undefined;
  return item && (item.kind === 'document' || item.kind === 'document-pending')
    ? (item as SandboxDocumentItem)
    : null;
}

/** Where a document stands at `now` (the Documents API's states). */
export const documentStatusOf = (item: SandboxDocumentItem, now: number) =>
  uploadStatusOf(item, item.kind === 'document-pending', now);

const failures: Record<Exclude<PdfReading, { ok: true }>['reason'], string> = {
  not_pdf: 'The uploaded file is not a document LinkedIn can read.',
  unreadable: 'The uploaded document could not be read; it may be damaged.',
  encrypted: 'The uploaded document is password-protected.',
  too_many_pages: `The document has more than ${MAX_DOCUMENT_PAGES} pages.`,
  timeout: 'The uploaded document could not be processed in time.',
};

const newDocumentId = () => `D4D10AQ${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

export function registerLinkedInDocumentSimulator(
  app: FastifyInstance,
  options: LinkedInSimulatorOptions,
  apiRoute: LinkedInApiRoute,
  site: LinkedInSite = memberSite,
) {
  const { db, appUrl, storage } = options;
  const API = `${site.basePath}/api`;
  const UPLOAD_PATH = `${site.basePath}/dms-uploads/documents`;
  if (!app.hasContentTypeParser('application/pdf')) {
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
  }

  /** The caller's document upload (on any account they act as: themself, or their Pages). */
  async function findDocument(caller: SandboxAccount, urn: string) {
    if (!DOCUMENT_URN.test(urn)) return null;
    for (const owner of await site.accountsOf(caller)) {
      const [row] = await findContainers(db, site.platform, owner.id, [urn]);
      const item = documentItemOf(row);
      if (row && item) return { row, item, owner };
    }
    return null;
  }

  app.post(
    `${API}/rest/documents`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'documents.ACTION-initializeUpload.20260101',
        versioned: true,
        kind: 'upload',
      },
      async (request, { account }) => {
        // "For person owners the caller must match the document owner"; a Page's as its administrator.
        const asked = requestedUploadOwner(request);
        if ('refusal' in asked) return asked.refusal;
        const owner = await site.actingAs(account, asked.owner);
        if (!owner) return accessDenied(`documents owned by ${asked.owner}`);
        const id = newDocumentId();
        const urn = `urn:li:document:${id}`;
        const item: SandboxDocumentItem = { id: urn, url: null, kind: 'document-pending' };
        await insertPost(db, {
          platform: site.platform,
          externalId: urn,
          accountId: owner.id,
          text: '',
          media: [item],
          state: 'container',
          metricsSeed: 0,
          publishedAt: null,
        });
        return {
          status: 200,
          body: {
            value: {
              uploadUrlExpiresAt: Date.now() + 24 * 3_600_000,
              uploadUrl: `${appUrl}${UPLOAD_PATH}/${id}`,
              document: urn,
            },
          },
        };
      },
    ),
  );

  app.put(
    `${UPLOAD_PATH}/:id`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: site.writeScopes, resource: 'dms-uploads', versioned: false, kind: 'upload' },
      async (request, { account }) => {
        const { id } = request.params as { id: string };
        const found = await findDocument(account, `urn:li:document:${id}`);
        if (found?.item.kind !== 'document-pending') {
          return apiError(404, `No upload is waiting at this URL for urn:li:document:${id}`);
        }
        const bytes = Buffer.isBuffer(request.body) ? request.body : null;
        if (!bytes || bytes.length === 0)
          return apiError(400, 'The upload must be the bytes of the document');
        let failure: string | null = null;
        let facts: Partial<SandboxDocumentItem> = { sizeBytes: bytes.length };
        if (bytes.length > MAX_DOCUMENT_BYTES) {
          failure = `The document is larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB.`;
        } else {
          const reading = await readPdf(
            { bytes },
            { maxPages: MAX_DOCUMENT_PAGES, thumbnail: { maxWidth: 400, maxHeight: 1200 } },
          );
          if (reading.ok) {
            await keepUploadedImage(storage, site.platform, id, reading.facts.thumbnail.bytes, 'image/webp');
            facts = {
              ...facts,
              pageCount: reading.facts.pageCount,
              url: sandboxMediaUrl(appUrl, site.basePath, id, 'image/webp'),
            };
          } else failure = failures[reading.reason];
        }
        const done: SandboxDocumentItem = {
          id: found.item.id,
          url: null,
          ...facts,
          kind: 'document',
          failure,
          availableAt: Date.now() + options.linkedInImageProcessingMs,
        };
        await updateContainerMedia(db, found.row.id, [done]);
        return { status: 201 };
      },
    ),
  );

  app.get(
    `${API}/rest/documents/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: site.writeScopes, resource: 'documents.GET.20260101', versioned: true, kind: 'read' },
      async (request, { account }) => {
        const { urn } = request.params as { urn: string };
        const found = await findDocument(account, urn);
        // Another member's document, or none: for person owners the caller must match the owner.
        if (!found) return accessDenied(`documents.GET ${urn}`);
        const status = documentStatusOf(found.item, Date.now());
        return {
          status: 200,
          body: {
            id: urn,
            owner: site.urnOf(found.owner),
            status,
            ...(status === 'PROCESSING_FAILED' && found.item.failure
              ? { processingFailureReason: found.item.failure }
              : {}),
          },
        };
      },
    ),
  );
}
