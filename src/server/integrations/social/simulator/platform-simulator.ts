import type { FastifyInstance } from 'fastify';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import type { MediaStorage } from '../../storage/media-storage';
import { ArmedFaults, registerFaultRoutes } from './armed-faults';
import { registerBlueskySimulator } from './bluesky-simulator';
import { registerFacebookSimulator } from './facebook-simulator';
import { registerGoogleBusinessSimulator } from './google-business-simulator';
import { registerInstagramSimulator } from './instagram-simulator';
import { registerLinkedInPageSimulator } from './linkedin-page-simulator';
import { registerLinkedInSimulator } from './linkedin-simulator';
import { registerMastodonSimulator } from './mastodon-simulator';
import { simulatorMediaFetch } from './media-download';
import { registerPinterestSimulator } from './pinterest-simulator';
import { addSimulatedLatency } from './simulated-latency';
import type { SimulatorContext } from './simulator-context';
import { simulatedPlatforms } from './simulator-endpoints';
import { registerThreadsSimulator } from './threads-simulator';
import { registerTikTokSimulator } from './tiktok-simulator';
import { registerXSimulator } from './x-simulator';
import { registerYouTubeSimulator } from './youtube-simulator';

export interface PlatformSimulatorOptions {
  db: Db;
  /** The app's public origin: redirect URIs must point there, and links are built on it. */
  appUrl: string;
  /**
   * The platforms to pretend to be: those without real credentials (architecture §1). Defaults to
   * every platform the simulator knows.
   */
  platforms?: readonly PublishingPlatform[];
  /**
   * Honour `x-sandbox-fault` and serve the fault routes that arm faults per account
   * (sandbox-faults.ts, armed-faults.ts). Never in production. Default false.
   */
  faults?: boolean;
  /**
   * How long the pretend LinkedIn keeps an uploaded image `PROCESSING` before it is `AVAILABLE`
   * (LinkedIn processes images after the upload). Default 3 s; the tests use a shorter time.
   */
  linkedInImageProcessingMs?: number;
  /**
   * How long the pretend Facebook processes a video before its status is `ready` (Facebook
   * processes every upload). Default 5 s; the tests use a shorter time.
   */
  facebookVideoProcessingMs?: number;
  /** Where uploaded images are kept (the app's media storage); without it their bytes are dropped. */
  storage?: MediaStorage;
  /**
   * How images given by URL are downloaded (media-download.ts simulatorMediaFetch); without it
   * every download fails, as for a URL the platform cannot reach.
   */
  mediaFetch?: typeof fetch;
  /** The pretend X's 24-hour caps on creating posts (x-simulator.ts); defaults as on X. */
  xPostsPerDay?: { user: number; app: number };
  /** How long the pretend X processes a finalized video (x-video-upload-simulator.ts); default 1.5 s. */
  xVideoProcessingMs?: number;
  /** The median time each answer takes (simulated-latency.ts); default 0, answers at once. */
  latencyMs?: number;
  /** How long the pretend Instagram processes a video (IN_PROGRESS); default 2 s. */
  instagramVideoProcessingMs?: number;
  /** TIKTOK_APP_AUDITED: until then the pretend TikTok takes only SELF_ONLY posts, as TikTok does. */
  tiktokAudited?: boolean;
}

/**
 * Whether the simulator honours faults and serves its fault routes: never in production (the app
 * registers it with this, and /api/health reports it).
 */
export const simulatorFaultsOn = (config: { isProduction: boolean }) => !config.isProduction;

const refuseAll: typeof fetch = async () => {
  throw new TypeError('fetch failed');
};

/** Uploaded images: X allows GIFs up to 15 MB; LinkedIn and the others take less. */
const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/** LinkedIn takes a moment to process an uploaded image; the pretend one takes this long. */
const DEFAULT_LINKEDIN_IMAGE_PROCESSING_MS = 3_000;
/** Facebook processes a video after the upload; the pretend one takes this long. */
const DEFAULT_FACEBOOK_VIDEO_PROCESSING_MS = 5_000;

/**
 * The built-in platform simulator: pretend X, LinkedIn, Facebook and Instagram speaking the
 * real APIs' protocol under /sandbox/<platform>/, for the real adapters to be pointed at.
 * Public routes: the pretend platform authenticates its own callers (client credentials, tokens).
 */
export async function registerPlatformSimulator(app: FastifyInstance, options: PlatformSimulatorOptions) {
  const platforms = (options.platforms ?? simulatedPlatforms).filter((platform) =>
    simulatedPlatforms.includes(platform),
  );
  if (platforms.length === 0) return;
  await app.register(async (sandbox) => {
    // OAuth endpoints and the consent form speak application/x-www-form-urlencoded. Registered in
    // this scope only, so the app's own API keeps accepting JSON alone.
    if (!sandbox.hasContentTypeParser('application/x-www-form-urlencoded')) {
      sandbox.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }
    registerUploadParsers(sandbox);
    addSimulatedLatency(sandbox, options.latencyMs ?? 0);
    const shared: SimulatorContext = {
      db: options.db,
      appUrl: options.appUrl.replace(/\/$/, ''),
      faults: options.faults ?? false,
      armed: new ArmedFaults(options.db),
      storage: options.storage ?? null,
      linkedInImageProcessingMs: options.linkedInImageProcessingMs ?? DEFAULT_LINKEDIN_IMAGE_PROCESSING_MS,
      facebookVideoProcessingMs: options.facebookVideoProcessingMs ?? DEFAULT_FACEBOOK_VIDEO_PROCESSING_MS,
      mediaFetch: options.mediaFetch ?? simulatorMediaFetch(refuseAll, options.appUrl),
      instagramVideoProcessingMs: options.instagramVideoProcessingMs,
    };
    if (shared.faults) registerFaultRoutes(sandbox, { db: shared.db, armed: shared.armed });
    for (const platform of platforms) {
      switch (platform) {
        case 'twitter':
          registerXSimulator(sandbox, {
            ...shared,
            postsPerDay: options.xPostsPerDay,
            videoProcessingMs: options.xVideoProcessingMs,
          });
          break;
        case 'linkedin':
          registerLinkedInSimulator(sandbox, shared);
          break;
        case 'facebook':
          registerFacebookSimulator(sandbox, shared);
          break;
        case 'instagram':
          registerInstagramSimulator(sandbox, shared);
          break;
        case 'bluesky':
          registerBlueskySimulator(sandbox, shared);
          break;
        case 'mastodon':
          registerMastodonSimulator(sandbox, shared);
          break;
        case 'threads':
          registerThreadsSimulator(sandbox, shared);
          break;
        case 'pinterest':
          registerPinterestSimulator(sandbox, shared);
          break;
        case 'linkedin_page':
          registerLinkedInPageSimulator(sandbox, shared);
          break;
        case 'youtube':
          registerYouTubeSimulator(sandbox, shared);
          break;
        case 'tiktok':
          registerTikTokSimulator(sandbox, shared, { audited: options.tiktokAudited });
          break;
        case 'google_business':
          registerGoogleBusinessSimulator(sandbox, shared);
          break;
        default: {
          const unknown: never = platform;
          throw new Error(`no simulator for ${String(unknown)}`);
        }
      }
    }
  });
}

/**
 * What image uploads are sent as, in the simulator's scope only: X's one-shot media upload is
 * multipart (read with the platform's own FormData parser), LinkedIn's upload URL takes the raw
 * bytes. A multipart parser registered by the app (for its own uploads) is replaced here.
 */
function registerUploadParsers(sandbox: FastifyInstance) {
  if (sandbox.hasContentTypeParser('multipart/form-data'))
    sandbox.removeContentTypeParser('multipart/form-data');
  sandbox.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (request, body, done) => {
      const contentType = String(request.headers['content-type'] ?? '');
      new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': contentType } })
        .formData()
        .then(
          (form) => done(null, form),
          () => done(Object.assign(new Error('The multipart body could not be read'), { statusCode: 400 })),
        );
    },
  );
  for (const type of ['application/octet-stream', /^image\/.+/]) {
    if (typeof type === 'string' && sandbox.hasContentTypeParser(type)) continue;
    sandbox.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
  }
}
