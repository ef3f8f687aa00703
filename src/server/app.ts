import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { publishingPlatforms } from '../contracts/platforms';
import type { Config } from './config';
import { fastifyTrustProxy } from './config-trust-proxy';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { AiProvider } from './integrations/ai/ai-provider';
import { createAiProvider } from './integrations/ai/create-ai-provider';
import { createImageProvider } from './integrations/ai/images/create-image-provider';
import { createGraphicRenderer } from './integrations/ai/images/graphics/graphic-renderer';
import type { ImageProvider } from './integrations/ai/images/image-provider';
import { createOfflineComposer } from './integrations/ai/offline/offline-composer';
import { createBilling } from './integrations/billing/create-billing-provider';
import { createIdentity, readCookie, sessionCookieSettings } from './integrations/identity/better-auth';
import { watchProviderDiscovery } from './integrations/identity/provider-discovery';
import { createMailSender } from './integrations/mail/create-mail-sender';
import type { MailSender } from './integrations/mail/mail-sender';
import { linkedInVersionCheck } from './integrations/social/linkedin/api-version';
import { createOAuthClientStore } from './integrations/social/oauth-client-store';
import { createPlatformQuotaStore } from './integrations/social/platform-quota-store';
import { createSocialProviders, type SocialProviders } from './integrations/social/providers';
import {
  registerPlatformSimulator,
  simulatorFaultsOn,
  simulatorMediaFetch,
} from './integrations/social/simulator';
import { createMediaStorage } from './integrations/storage/create-media-storage';
import { createStorageCheck } from './integrations/storage/storage-health';
import { videoToolPaths } from './integrations/video/ffmpeg-tools';
import { checkVideoTools } from './integrations/video/video-tools-check';
import { type Jobs, startJobQueue } from './jobs/boss';
import type { ProcessRole } from './jobs/job-queue';
import { injectFetch } from './lib/inject-fetch';
import { logRedactPaths, REDACTED, serializeError, serializeRequest } from './lib/log-redaction';
import { projectRoot } from './lib/project-root';
import { createAccessCodeHasher, resolveAdminCode, resolveSessionSecret } from './lib/secrets';
import { createTokenCipher, resolveTokenEncryptionKey } from './lib/token-cipher';
import { accountRoutes } from './modules/account/account.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { aiImagesRoutes } from './modules/ai-studio/images.routes';
import { aiPlanRoutes } from './modules/ai-studio/plan.routes';
import { aiRewriteRoutes } from './modules/ai-studio/rewrite.routes';
import { aiVoiceRoutes } from './modules/ai-studio/voice.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import * as recovery from './modules/auth/account-recovery.service';
import { authRoutes } from './modules/auth/auth.routes';
import * as authService from './modules/auth/auth.service';
import { bestTimesRoutes } from './modules/best-times/best-times.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { bioPageRoutes } from './modules/bio-page/bio-page.routes';
import { brandKitRoutes } from './modules/brand-kit/brand-kit.routes';
import { calendarExportRoutes } from './modules/calendar-export/calendar-export.routes';
import { creditsRoutes } from './modules/credits/credits.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { generationRoutes } from './modules/generation/generation.routes';
import { healthRoutes, publicUrlCheck } from './modules/health/health.routes';
import { linkPreviewsRoutes } from './modules/link-previews/link-previews.routes';
import { linksRoutes } from './modules/links/links.routes';
import { redirectRoutes } from './modules/links/redirect.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { createMediaUrlSigner } from './modules/media/media-signing';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { postImportRoutes } from './modules/post-import/post-import.routes';
import { postApprovalsRoutes } from './modules/posts/post-approvals.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { postFollowUpsRoutes } from './modules/publishing/post-follow-ups.routes';
import { createPublishingSlots } from './modules/publishing/publishing-slots';
import { evergreenRoutes } from './modules/queue/evergreen.routes';
import { queueRoutes } from './modules/queue/queue.routes';
import { seriesScope } from './modules/recurring';
import { recurringRoutes } from './modules/recurring/recurring.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { pinterestBoardsRoutes } from './modules/social-accounts/pinterest-boards.routes';
import { socialAccountsRoutes } from './modules/social-accounts/social-accounts.routes';
import { tiktokCreatorRoutes } from './modules/social-accounts/tiktok-creator.routes';
import { youtubeQuotaRoutes } from './modules/social-accounts/youtube-quota.routes';
import { teamRoutes } from './modules/team/team.routes';
import { usersRoutes } from './modules/users/users.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { createTrialWorkspace } from './modules/workspaces/workspaces.service';
import { registerAuth } from './plugins/auth';
import { registerClient } from './plugins/client';
import { declareStandardErrorAnswers } from './plugins/error-answers';
import { registerErrorHandler } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { acceptEmptyJsonBody, bodyValidatorCompiler } from './plugins/optional-body';
import { registerPermissions } from './plugins/permissions';
import { registerSecurity } from './plugins/security';

const REQUEST_ID = /^[\w.-]{1,64}$/;

export interface BuildOptions {
  database: Database;
  role?: ProcessRole;
  version?: string;
  /** Replaces the configured AI writer (tests). */
  ai?: AiProvider;
  /** Replaces the configured image maker (tests). */
  images?: ImageProvider;
  /** Replaces some platforms' adapters (tests). */
  socialProviders?: Partial<SocialProviders>;
  /** Replaces the configured mail sender (tests). */
  mail?: MailSender;
  /**
   * Where the platform simulator downloads images from that are not on APP_URL (tests: a fake
   * of the internet); without it, such URLs are refused as unreachable (never fetched: SSRF).
   */
  simulatorOutsideFetch?: typeof fetch;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The build's output folder, whose client/ and pages/ it serves (default dist/; tests: a fixture). */
  distDir?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The job queue; main.ts starts its workers in `all` and `worker` processes. Closed with the app. */
  jobs: Jobs;
}

/** The whole app without listening: main.ts serves it, tests call it through inject(). */
export async function buildApp(config: Config, options: BuildOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // No secret reaches the log: token path segments and OAuth/token query values (URL
      // serializer), secret headers and body fields (redact).
      redact: { paths: logRedactPaths, censor: REDACTED },
      serializers: { req: serializeRequest, err: serializeError },
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(bodyValidatorCompiler);
  acceptEmptyJsonBody(app);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = options.database.db;
  options.database.logTo(app.log);
  const jobs = await startJobQueue(options.database, {
    role: options.role ?? 'all',
    databaseUrl: config.databaseUrl,
    pollSeconds: config.jobsPollSeconds,
    log: app.log,
  });
  // Finishes running jobs before the database closes (main.ts closes the app first).
  // Within the shutdown deadline, leaving a second or two for the requests and the database.
  app.addHook('onClose', async () =>
    jobs.stop({ graceful: true, timeoutMs: Math.max(1_000, config.shutdownTimeoutMs - 2_000) }),
  );
  const sessionSecret = resolveSessionSecret(config);
  // Read in the background (never holding start-up) and again with backoff while it fails.
  const identityProvider = config.oidc
    ? watchProviderDiscovery({ issuer: config.oidc.issuer, timeoutMs: config.oidc.timeoutMs, log: app.log })
    : undefined;
  app.addHook('onClose', async () => identityProvider?.stop());
  const storage = createMediaStorage(config);
  const tokenCipher = createTokenCipher(resolveTokenEncryptionKey(config));
  // One renderer per app: it reads its fonts once, at the first graphic.
  const graphics = createGraphicRenderer();
  // The hooks close over ctx, which is complete before any request arrives.
  const ctx: AppContext = {
    config,
    database: options.database,
    adminCode: resolveAdminCode(config),
    accessCodes: createAccessCodeHasher(sessionSecret),
    mediaSigner: createMediaUrlSigner(sessionSecret),
    log: app.log,
    ai: options.ai ?? createAiProvider(config.ai, { offline: createOfflineComposer, log: app.log }),
    images: options.images ?? createImageProvider(config.aiImages, { graphics, log: app.log }),
    graphics,
    tokenCipher,
    socialProviders: {
      ...createSocialProviders(config, app, {
        clients: createOAuthClientStore(db, tokenCipher),
        quotas: createPlatformQuotaStore(db),
      }),
      ...options.socialProviders,
    },
    jobs,
    publishingSlots: createPublishingSlots(config.publishing),
    mail: options.mail ?? createMailSender(config, { db, jobs, cipher: tokenCipher, log: app.log }),
    storage,
    storageCheck: createStorageCheck(storage),
    videoTools: resolveVideoTools(config),
    billing: await createBilling(config, db),
    identityProvider,
    identity: createIdentity({
      db,
      appUrl: config.appUrl,
      secret: sessionSecret,
      secureCookies: config.isProduction,
      oidc: config.oidc,
      discovery: identityProvider,
      log: app.log,
      hooks: {
        // Sign-ups and single sign-on users get no access code: only a person's choice issues one.
        prepareNewUser: async (user) => ({
          firstName: user.firstName?.trim() ?? '',
          lastName: user.lastName?.trim() ?? '',
        }),
        onUserCreated: async (user) => {
          await createTrialWorkspace(db, user);
        },
        isUserActive: (userId) => authService.isUserActive(ctx, userId),
        sendPasswordReset: (user, token) => recovery.sendPasswordResetLink(ctx, user, token),
        onPasswordReset: (user) => recovery.afterPasswordReset(ctx, user),
        sendEmailVerification: (user, token) => recovery.sendEmailVerificationLink(ctx, user, token),
      },
    }),
  };

  warnIfStorageUnusable(ctx);
  void ctx.videoTools.check.then((check) => {
    if (check.status !== 'ok') ctx.log.warn({ detail: check.detail }, 'video tools unusable');
  });
  warnIfLinkedInVersionOld(ctx);
  sayWhetherAppUrlIsPublic(ctx);

  const distDir = options.distDir ?? join(projectRoot(), 'dist');
  const clientRoot = join(distDir, 'client');
  const pageFallback = existsSync(join(clientRoot, 'index.html'))
    ? registerClient(app, {
        root: clientRoot,
        pagesDir: join(distDir, 'pages'),
        appUrl: config.appUrl,
        hasSessionCookie: async (header) =>
          readCookie(header, (await sessionCookieSettings(ctx.identity)).cookieName) !== null,
      })
    : undefined;
  registerErrorHandler(app, {
    pageFallback,
    databaseAnswers: () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
  });
  registerSecurity(app, config);
  registerAuth(app, ctx);
  // The API contract as OpenAPI (/api/openapi.json) and its viewer (/api/docs).
  await apiDocsRoutes(app, {
    appUrl: config.appUrl,
    version: options.version ?? '0.0.0',
    sessionCookieName: (await sessionCookieSettings(ctx.identity)).cookieName,
    keyRequestsPerMinute: config.apiKeys.rateLimitPerMinute,
  });
  registerPermissions(app);
  declareStandardErrorAnswers(app);
  registerIdempotency(app, ctx);

  await app.register(async (api) => {
    await healthRoutes(api, { ...ctx, role: options.role ?? 'all', version: options.version ?? '0.0.0' });
    await authRoutes(api, ctx);
    await newsletterRoutes(api, ctx);
    await generationRoutes(api, ctx);
    await postsRoutes(api, ctx, seriesScope);
    await postImportRoutes(api, ctx);
    await recurringRoutes(api, ctx);
    await postFollowUpsRoutes(api, ctx);
    await usersRoutes(api, ctx);
    await creditsRoutes(api, ctx);
    await brandKitRoutes(api, ctx);
    await settingsRoutes(api, ctx);
    await socialAccountsRoutes(api, ctx);
    await pinterestBoardsRoutes(api, ctx);
    await tiktokCreatorRoutes(api, ctx);
    await youtubeQuotaRoutes(api, ctx);
    await mediaRoutes(api, ctx);
    await linkPreviewsRoutes(api, ctx);
    await notificationsRoutes(api, ctx);
    await billingRoutes(api, ctx);
    await analyticsRoutes(api, ctx);
    await metricsRoutes(api, ctx);
    await bestTimesRoutes(api, ctx);
    await queueRoutes(api, ctx);
    await calendarExportRoutes(api, ctx);
    await activityRoutes(api, ctx);
    await workspacesRoutes(api, ctx);
    await teamRoutes(api, ctx);
    await postApprovalsRoutes(api, ctx);
    await accountRoutes(api, ctx);
    await feedsRoutes(api, ctx);
    await evergreenRoutes(api, ctx);
    await apiKeysRoutes(api, ctx);
    await webhooksRoutes(api, ctx);
    await mcpRoutes(api, ctx);
    await linksRoutes(api, ctx);
    await redirectRoutes(api, ctx);
    await bioPageRoutes(api, ctx);
    await aiImagesRoutes(api, ctx);
    await aiRewriteRoutes(api, ctx);
    await aiPlanRoutes(api, ctx);
    await aiVoiceRoutes(api, ctx);
    await registerPlatformSimulator(api, {
      db,
      appUrl: config.appUrl,
      // Only the platforms without real credentials are simulated (architecture §1).
      platforms: publishingPlatforms.filter((platform) => !config.social[platform]),
      faults: simulatorFaultsOn(config),
      storage: ctx.storage,
      mediaFetch: simulatorMediaFetch(injectFetch(app), config.appUrl, options.simulatorOutsideFetch),
      xPostsPerDay: config.simulator.xPostsPerDay,
      latencyMs: config.simulator.latencyMs,
      tiktokAudited: config.platformApps.tiktokAudited,
      // Long enough that a post made right after the upload is refused, short enough for tests.
      ...(config.env === 'test'
        ? {
            linkedInImageProcessingMs: 400,
            xVideoProcessingMs: 400,
            facebookVideoProcessingMs: 300,
            instagramVideoProcessingMs: 400,
          }
        : {}),
    });
    await api.register(adminRoutes, { prefix: '/api/admin', ctx });
  });

  return { app, ctx, jobs };
}

/** The video tools from the configuration, asked once whether they run (`checks.videoTools`). */
function resolveVideoTools(config: Config): AppContext['videoTools'] {
  const paths = videoToolPaths({
    ...(config.videoTools.ffprobe ? { ffprobe: config.videoTools.ffprobe } : {}),
    ...(config.videoTools.ffmpeg ? { ffmpeg: config.videoTools.ffmpeg } : {}),
  });
  return { paths, check: checkVideoTools(paths) };
}

/**
 * Said at start: whether APP_URL looks public (Instagram and Facebook download images from it). A
 * warning while a real Instagram or Facebook app is configured, a note otherwise (the sandbox
 * downloads in-process).
 */
function sayWhetherAppUrlIsPublic(ctx: AppContext) {
  const check = publicUrlCheck(ctx.config);
  if (check.status === 'ok') {
    ctx.log.info({ appUrl: ctx.config.appUrl }, 'APP_URL looks publicly reachable');
  } else if (ctx.config.social.instagram || ctx.config.social.facebook) {
    ctx.log.warn({ appUrl: ctx.config.appUrl }, check.detail ?? 'APP_URL does not look public');
  } else {
    ctx.log.info({ appUrl: ctx.config.appUrl }, check.detail ?? 'APP_URL does not look public');
  }
}

/**
 * A wrong S3 secret or an unreachable bucket is said at start (a warning), not first at an
 * upload; start-up does not wait for it, and goes on either way (the storage may come back).
 */
function warnIfStorageUnusable(ctx: AppContext) {
  void ctx.storageCheck().then((check) => {
    if (check.status === 'unreachable') {
      ctx.log.warn(
        { storage: ctx.storage.kind, detail: check.detail },
        `media storage unusable: ${check.detail}`,
      );
    }
  });
}

/** A LinkedIn-Version near or past its sunset is said at start too, as /api/health says it. */
function warnIfLinkedInVersionOld(ctx: AppContext) {
  const check = linkedInVersionCheck(ctx.config.linkedInApiVersion, new Date());
  if (check.status !== 'ok') {
    ctx.log.warn({ linkedinApiVersion: check.version, status: check.status }, check.detail ?? '');
  }
}
