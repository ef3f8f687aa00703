import type { FastifyBaseLogger } from 'fastify';
import type { DependencyCheck } from '../contracts/health';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AiProvider } from './integrations/ai/ai-provider';
import type { GraphicRenderer } from './integrations/ai/images/graphics/graphic-renderer';
import type { ImageProvider } from './integrations/ai/images/image-provider';
import type { Billing } from './integrations/billing/create-billing-provider';
import type { Identity } from './integrations/identity/better-auth';
import type { ProviderDiscovery } from './integrations/identity/provider-discovery';
import type { MailSender } from './integrations/mail/mail-sender';
import type { SocialProviders } from './integrations/social/providers';
import type { MediaStorage } from './integrations/storage/media-storage';
import type { StorageCheck } from './integrations/storage/storage-health';
import type { VideoToolPaths } from './integrations/video/ffmpeg-tools';
import type { JobQueue } from './jobs/job-queue';
import type { AccessCodeHasher, AdminCodeVerifier } from './lib/secrets';
import type { TokenCipher } from './lib/token-cipher';
import type { MediaUrlSigner } from './modules/media/media-signing';
import type { PublishingSlots } from './modules/publishing/publishing-slots';

/** What services need from the running app: built once by buildApp, passed explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  identity: Identity;
  /** The identity provider's discovery, read in the background (undefined without OIDC_*). */
  identityProvider: ProviderDiscovery | undefined;
  adminCode: AdminCodeVerifier;
  /** Keys the hash access codes are stored as (never the plain code). */
  accessCodes: AccessCodeHasher;
  /** Signs the expiring media URLs platforms download images from (decision 041). */
  mediaSigner: MediaUrlSigner;
  /** The AI writer chosen by configuration (the offline composer by default). */
  ai: AiProvider;
  /** The image model (AI_IMAGE_MODEL), or the offline renderer wrapped as one (sandbox). */
  images: ImageProvider;
  /** The offline branded graphics, always there (its fonts load at the first graphic). */
  graphics: GraphicRenderer;
  /** Seals social tokens and PKCE verifiers at rest (AES-256-GCM). */
  tokenCipher: TokenCipher;
  /** Each platform's adapter: real, pointed at the simulator, or not built yet. */
  socialProviders: SocialProviders;
  /** pg-boss: every process sends jobs (a post's publish job); workers run them. */
  jobs: JobQueue;
  /** This process's limits on posts in flight, in all and per social account. */
  publishingSlots: PublishingSlots;
  /** Email: SMTP, or the outbox table (sandbox). */
  mail: MailSender;
  /** Uploaded images: S3-compatible storage, or DATA_DIR/media. */
  storage: MediaStorage;
  /** Whether the storage is usable, cached briefly (/api/health's `checks.storage`). */
  storageCheck: StorageCheck;
  /** ffprobe and ffmpeg (bundled, or FFPROBE_PATH/FFMPEG_PATH) and whether they ran at start. */
  videoTools: { paths: VideoToolPaths; check: Promise<DependencyCheck> };
  /** Payments: Stripe, or the sandbox (no money moves). */
  billing: Billing;
  log: FastifyBaseLogger;
}
