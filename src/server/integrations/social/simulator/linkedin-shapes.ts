import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';
import type { SandboxPost } from './sandbox-store';

/*
 * How the pretend LinkedIn says things (platforms.md, LinkedIn): `{status, serviceErrorCode,
 * message}` on the API, OAuth `{error, error_description}` on the token endpoint, no rate-limit
 * headers (the limits are daily and reset at midnight UTC), and commentary in "little" text.
 */

export const LINKEDIN_LABEL = 'LinkedIn';
export const LINKEDIN_LOGO = 'in';
export const LINKEDIN_BASE_PATH = '/sandbox/linkedin';
/** 60 days (platforms.md L1). */
export const LINKEDIN_ACCESS_TOKEN_SECONDS = 60 * 24 * 3600;
/** LinkedIn's authorization codes live 30 minutes. */
export const LINKEDIN_CODE_SECONDS = 30 * 60;
export const LINKEDIN_MAX_COMMENTARY = 3000;
/** A sandbox member's handle: it becomes their e-mail's local part, like a vanity name. */
export const LINKEDIN_HANDLE = /^[A-Za-z0-9-]{3,30}$/;
export const LINKEDIN_HANDLE_RULE = '3 to 30 letters, digits or hyphens.';

/**
 * LinkedIn's products and the scopes each grants (platforms.md, LinkedIn › Products: L3, L5, L11).
 * An app has products; an authorization asking for one scope its products do not grant is
 * refused whole with `unauthorized_scope_error` (platforms.md audit 2026-11, Postiz PR #1658).
 */
export const LINKEDIN_PRODUCTS = {
  'sign-in-openid-connect': ['openid', 'profile', 'email'],
  'share-on-linkedin': ['w_member_social'],
  'community-management': [
    'r_member_postAnalytics',
    'w_organization_social',
    'r_organization_social',
    'rw_organization_admin',
    'r_member_social',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The sandbox app's products: Sign In with LinkedIn and Share on LinkedIn, what Kitepost's app
 * has. The Community Management API must be the only product of its app (platforms.md L11b and
 * audit 2026-11), so it cannot be added here: its scopes are refused like LinkedIn refuses them.
 */
export const SANDBOX_APP_PRODUCTS = ['sign-in-openid-connect', 'share-on-linkedin'] as const;

/** Scopes the sandbox app may be granted. */
export const SANDBOX_APP_SCOPES: ReadonlySet<string> = new Set(
  SANDBOX_APP_PRODUCTS.flatMap((product) => LINKEDIN_PRODUCTS[product]),
);

/** Scopes the pretend LinkedIn knows, with what the consent page says about each. */
export const LINKEDIN_SCOPES: Record<string, string> = {
  openid: 'Use your name and photo to sign you in.',
  profile: 'Use your name and photo.',
  email: 'Use the primary e-mail address on your account.',
  w_member_social: 'Create, modify and delete posts, comments and reactions for you.',
  r_member_postAnalytics: "Read your posts' analytics.",
};

/** The API's error body (platforms.md L8). */
export function apiError(
  status: number,
  message: string,
  extra: { serviceErrorCode?: number; code?: string } = {},
): SimulatedAnswer {
  return { status, body: { ...extra, message, status } };
}

export const accessDenied = (what: string) =>
  apiError(403, `Not enough permissions to access: ${what}`, {
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
  });

export const oauthError = (status: number, error: string, description: string): SimulatedAnswer => ({
  status,
  body: { error, error_description: description },
});

/** Injected failures on the API (Bearer calls). A 429 says no reset: LinkedIn sends no such header. */
export const linkedInApiFaults: FaultAnswers = {
  rateLimited: () =>
    apiError(429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.'),
  unauthorized: () => apiError(401, 'Invalid access token', { serviceErrorCode: 65600 }),
  unavailable: () => apiError(503, 'Service Unavailable'),
  internalError: () => apiError(500, 'Internal Server Error'),
};

/** Injected failures on the token endpoint: an expired token there is a refused refresh token. */
export const linkedInOAuthFaults: FaultAnswers = {
  ...linkedInApiFaults,
  unauthorized: () => oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired.'),
};

const RESERVED = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '\\', '*', '_', '~']);
const MENTION = /^@\[([^\]\\]+)\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]+)\)/;
const HASHTAG = /^#([\p{L}\p{M}\p{N}]*\p{L}[\p{L}\p{M}\p{N}]*)/u;

/**
 * Commentary in little text as LinkedIn shows it: `\x` is the character x, `#tag` a hashtag and
 * `@[Name](urn)` a mention (shown as the name); any other unescaped reserved character ends the
 * text there, as LinkedIn silently cuts a post at one (3p reports; the pretend LinkedIn does the
 * same so that an adapter that forgets to escape is caught).
 */
export function readLittleText(commentary: string): string {
  let out = '';
  let index = 0;
  while (index < commentary.length) {
    const char = commentary[index] as string;
    const rest = commentary.slice(index);
    if (char === '\\' && index + 1 < commentary.length) {
      out += commentary[index + 1];
      index += 2;
      continue;
    }
    const mention = char === '@' ? MENTION.exec(rest) : null;
    if (mention) {
      out += mention[1];
      index += mention[0].length;
      continue;
    }
    const hashtag = char === '#' ? HASHTAG.exec(rest) : null;
    if (hashtag) {
      out += hashtag[0];
      index += hashtag[0].length;
      continue;
    }
    if (RESERVED.has(char)) break;
    out += char;
    index += 1;
  }
  return out;
}

const HASHTAG_START = /(?<![\p{L}\p{M}\p{N}_])#(?=[\p{L}\p{M}\p{N}]*\p{L})/uy;

/** Plain text as little commentary, as LinkedIn answers a post's `commentary`: hashtags kept. */
export function writeLittleText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '#') {
      HASHTAG_START.lastIndex = index;
      out += HASHTAG_START.test(text) ? '#' : '\\#';
    } else {
      out += RESERVED.has(char) ? `\\${char}` : char;
    }
  }
  return out;
}

const IMAGE_URN = /^urn:li:image:[A-Za-z0-9_-]{1,64}$/;
const MAX_IMAGES = 20;

/** `content` of a new post: none, one image (`media.id`) or several (`multiImage.images`). */
export function imagesOf(content: unknown): { urns: string[] } | { error: SimulatedAnswer } {
  if (content === undefined) return { urns: [] };
  const record = content && typeof content === 'object' ? (content as Record<string, unknown>) : {};
  const media = record.media as { id?: unknown } | undefined;
  const multi = record.multiImage as { images?: unknown } | undefined;
  let urns: unknown[];
  if (media && Object.keys(record).length === 1) {
    urns = [media.id];
  } else if (multi && Object.keys(record).length === 1 && Array.isArray(multi.images)) {
    urns = multi.images.map((image) =>
      image && typeof image === 'object' ? (image as { id?: unknown }).id : image,
    );
    if (urns.length < 2 || urns.length > MAX_IMAGES) {
      return { error: apiError(422, `/content/multiImage/images :: between 2 and ${MAX_IMAGES} images`) };
    }
  } else {
    return { error: apiError(422, '/content :: the sandbox takes media (one image) or multiImage only') };
  }
  if (urns.some((urn) => typeof urn !== 'string' || !IMAGE_URN.test(urn))) {
    return { error: apiError(422, `/content :: invalid image URN in ${JSON.stringify(urns)}`) };
  }
  return { urns: urns as string[] };
}

/** A post as the Posts API answers it. */
export function postElement(post: SandboxPost, author: string): Record<string, unknown> {
  const at = (post.publishedAt ?? post.createdAt).getTime();
  const images = post.media.map((item) => ({ id: item.id }));
  const element: Record<string, unknown> = {
    id: post.externalId,
    author,
    commentary: writeLittleText(post.text),
    visibility: 'PUBLIC',
    lifecycleState: 'PUBLISHED',
    lifecycleStateInfo: { isEditedByAuthor: false },
    isReshareDisabledByAuthor: false,
    createdAt: post.createdAt.getTime(),
    publishedAt: at,
    lastModifiedAt: at,
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  };
  if (images.length === 1) element.content = { media: images[0] };
  if (images.length > 1) element.content = { multiImage: { images } };
  return element;
}
