import { z } from 'zod';
import { isHttpUrl, safeString } from './common';
import type { PlanId } from './plans';
import { publishingPlatform } from './platforms';

/*
 * Issue 29 (decision 093): the bio page at /@<slug>, short links /l/<code> with UTM tags, and the
 * clicks on them. Schemas, texts and the plan table live here; the UTM merge is in utm.ts.
 */

// --- Plans ----------------------------------------------------------------------------------

/** What each plan includes: the bio page everywhere; short links and click analytics from Starter. */
export const linksByPlan: Record<PlanId, { bioPage: boolean; shortLinks: boolean; clickAnalytics: boolean }> =
  {
    free: { bioPage: true, shortLinks: false, clickAnalytics: false },
    starter: { bioPage: true, shortLinks: true, clickAnalytics: true },
    professional: { bioPage: true, shortLinks: true, clickAnalytics: true },
    enterprise: { bioPage: true, shortLinks: true, clickAnalytics: true },
  };

// --- Short links ----------------------------------------------------------------------------

/** Base58 (no 0, O, I, l): read aloud or typed without confusion. */
export const SHORT_CODE_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** 58^10 ≈ 2^58.6 codes: unguessable enough for links that are public once posted anyway. */
export const SHORT_CODE_LENGTH = 10;
export const SHORT_CODE_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{10}$/;
/** The path prefix of a short link on the short origin: `<origin>/l/<code>`. */
export const SHORT_LINK_PATH = '/l/';

export const shortLinkKinds = ['post', 'bio'] as const;
export type ShortLinkKind = (typeof shortLinkKinds)[number];
/** A click on a short link, or a view of a bio page. */
export const clickKinds = ['click', 'view'] as const;
export type ClickKind = (typeof clickKinds)[number];

/** One link of a published post (its detail's `links`), in the order they appear. */
export const postLink = z.object({
  code: z.string(),
  /** As written in the post. */
  url: z.string(),
  /** Where the short link leads: UTM tags merged, host in ASCII. */
  target: z.string(),
  /** `<short origin>/l/<code>`, as published. */
  shortUrl: z.string(),
});
export type PostLink = z.infer<typeof postLink>;

/** GET/PUT /api/link-settings. */
export const linkSettingsBody = z.object({
  /** Replace the links of published posts with short links (Starter and above). */
  shortLinks: z.boolean(),
  /** Add UTM tags to the short links' targets (each post may turn them off). */
  utm: z.boolean(),
});
export type LinkSettingsBody = z.infer<typeof linkSettingsBody>;
export const linkSettings = linkSettingsBody.extend({
  /** Whether the plan includes short links. */
  available: z.boolean(),
  /** The origin short links point to (SHORT_LINK_ORIGIN, else APP_URL). */
  origin: z.string(),
});
export type LinkSettings = z.infer<typeof linkSettings>;

// --- Bio page -------------------------------------------------------------------------------

export const BIO_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;
export const MAX_BIO_LINKS = 50;
/** Latest published posts shown in the page's grid (when `showPosts`). */
export const BIO_GRID_POSTS = 12;

/**
 * Addresses a bio page may not take: the app's own first path segments and words that would
 * mislead a visitor (compared lowercased).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // The app's routes (client/app/paths.ts) and the server's.
  'dashboard',
  'content-generator',
  'content',
  'calendar',
  'queue',
  'media',
  'feeds',
  'social-accounts',
  'analytics',
  'settings',
  'subscribe',
  'demo',
  'admin',
  'integrations',
  'team',
  'invite',
  'billing',
  'reset-password',
  'verify-email',
  'links',
  'api',
  'l',
  'assets',
  'sandbox',
  // Words a visitor would take for the product's own pages.
  'login',
  'logout',
  'signup',
  'signin',
  'auth',
  'help',
  'support',
  'docs',
  'about',
  'terms',
  'privacy',
  'security',
  'status',
  'kitepost',
  'www',
  'app',
  'mail',
  'static',
  'public',
  'favicon',
  'robots',
  'sitemap',
  'well-known',
]);

/** The texts of the bio page's API. */
export const bioPageMessages = {
  slugShape: 'Use 3–30 lowercase letters, digits or hyphens, starting and ending with a letter or digit',
  reserved: (slug: string) => `"${slug.trim().toLowerCase()}" is reserved. Choose another address.`,
  taken: (address: string) => `The address ${address} is taken. Choose another.`,
  notHttp: 'Use a link that starts with http:// or https://',
  credentials: 'Use a link without a user name or password',
  endBeforeStart: 'The end must be after the start',
  tooManyLinks: `At most ${MAX_BIO_LINKS} links`,
  thumbnailNotFound: 'That thumbnail is not in your media library',
  thumbnailNotImage: 'A thumbnail must be an image',
} as const;

const isoInstant = z.iso.datetime({
  offset: true,
  message: 'Use a date and time such as 2026-12-01T09:00:00Z',
});

export const bioLinkInput = z
  .object({
    /** A link already on the page keeps its short code and its clicks. */
    id: z.uuid({ message: 'Not a link id' }).optional(),
    title: safeString().trim().min(1, 'Give the link a title').max(100),
    url: safeString()
      .trim()
      .max(2048)
      .refine(isHttpUrl, bioPageMessages.notHttp)
      // A user name or password would be published in the redirect's Location.
      .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), bioPageMessages.credentials),
    thumbnailMediaId: z.uuid({ message: 'Not a media id' }).nullish(),
    startsAt: isoInstant.nullish(),
    endsAt: isoInstant.nullish(),
  })
  .refine((link) => !link.startsAt || !link.endsAt || Date.parse(link.endsAt) > Date.parse(link.startsAt), {
    message: bioPageMessages.endBeforeStart,
    path: ['endsAt'],
  });

/** PUT /api/bio-page. The links' order is the page's order. */
export const bioPageBody = z.object({
  slug: safeString()
    .trim()
    .transform((slug) => slug.toLowerCase())
    .pipe(z.string().regex(BIO_SLUG_PATTERN, bioPageMessages.slugShape))
    .refine((slug) => !RESERVED_SLUGS.has(slug), {
      error: (issue) => bioPageMessages.reserved(String(issue.input)),
    }),
  title: safeString().trim().min(1, 'Give the page a title').max(100),
  description: safeString().trim().max(300).default(''),
  showPosts: z.boolean().default(true),
  links: z.array(bioLinkInput).max(MAX_BIO_LINKS, bioPageMessages.tooManyLinks).default([]),
});
export type BioPageBody = z.infer<typeof bioPageBody>;

export const bioLink = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  thumbnailMediaId: z.string().nullable(),
  /** A small signed URL of the thumbnail, when there is one. */
  thumbnailUrl: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  code: z.string(),
  /** Shown on the page now (inside its schedule). */
  live: z.boolean(),
});
export type BioLink = z.infer<typeof bioLink>;

/** GET /api/bio-page answers the page or null (none yet). */
export const bioPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  showPosts: z.boolean(),
  links: z.array(bioLink),
  /** `<APP_URL>/@<slug>`. */
  url: z.string(),
  updatedAt: z.string(),
});
export type BioPage = z.infer<typeof bioPage>;
export const bioPageResponse = bioPage.nullable();

export const linkMessages = {
  shortLinksNotInPlan:
    'The Free plan does not include short links. Upgrade to Starter for short links and click analytics.',
  clickAnalyticsNotInPlan:
    'Click analytics come with the Starter plan and above. Upgrade to see visits from your posts.',
  /** The redirect's small HTML pages. */
  notFound: 'This link does not exist',
  gone: 'This link is no longer active',
  notWebPage: 'This link does not lead to a web page',
  bioNotFound: 'There is no page at this address',
} as const;

// --- Click analytics ------------------------------------------------------------------------

export const clickTotals = z.object({
  /** Human clicks (bots excluded everywhere). */
  linkClicks: z.number().int(),
  /** Distinct visitors per UTC day, summed: a visitor on two days counts twice (decision 093). */
  uniqueVisitors: z.number().int(),
  /** Link clicks / impressions (reach where no impressions) of the same posts; null when unknown. */
  clickThroughRate: z.number().nullable(),
});

/** GET /api/analytics/clicks (Starter and above). */
export const clickAnalytics = z.object({
  totals: clickTotals,
  daily: z.array(
    z.object({ date: z.string(), linkClicks: z.number().int(), uniqueVisitors: z.number().int() }),
  ),
  byPlatform: z.array(clickTotals.extend({ platform: publishingPlatform })),
  topPosts: z.array(
    z.object({
      postId: z.string(),
      platform: publishingPlatform,
      content: z.string(),
      linkClicks: z.number().int(),
      uniqueVisitors: z.number().int(),
      impressions: z.number().int().nullable(),
      clickThroughRate: z.number().nullable(),
    }),
  ),
  topLinks: z.array(
    z.object({
      code: z.string(),
      url: z.string(),
      source: z.enum(shortLinkKinds),
      postId: z.string().nullable(),
      linkClicks: z.number().int(),
      uniqueVisitors: z.number().int(),
    }),
  ),
  /** Null when the workspace has no bio page. */
  bioPage: z
    .object({
      views: z.number().int(),
      uniqueViews: z.number().int(),
      linkClicks: z.number().int(),
      /** Link clicks / views; null with no views. */
      clickThroughRate: z.number().nullable(),
    })
    .nullable(),
});
export type ClickAnalytics = z.infer<typeof clickAnalytics>;
