// The UTM merge of a short link's target (decision 093): pure, so the server's shortening and the
// composer's hint agree on what a link will lead to.

/** A target longer than this (after merging) is kept without tags: some servers refuse longer URLs. */
export const MAX_TARGET_LENGTH = 2048;

/** The tags a short link adds; `campaign` and `content` are left out when null. */
export interface UtmTags {
  source: string;
  medium: string;
  campaign?: string | null;
  content?: string | null;
}

export type UtmRefusal = 'not_http' | 'credentials' | 'invalid';
export type UtmMerge = { target: string; tagged: boolean } | { refused: UtmRefusal };

/**
 * Where a short link for `written` leads: its href (host in punycode, path percent-encoded) with
 * `tags` appended to the raw query, before the fragment. Nothing is added when `tags` is null (UTM
 * off), when the link has any utm_* parameter of its own (the writer's tagging wins as a whole), or
 * when the result would pass MAX_TARGET_LENGTH. The query is never re-serialised through
 * URLSearchParams, which would rewrite the writer's `+` and `%7E`. Refused: anything but http(s),
 * and user names or passwords in the link (they would be published in the redirect).
 */
export function mergeUtm(written: string, tags: UtmTags | null): UtmMerge {
  let url: URL;
  try {
    url = new URL(written.trim());
  } catch {
    return { refused: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'not_http' };
  if (url.username !== '' || url.password !== '') return { refused: 'credentials' };
  const href = url.href;
  if (!tags || hasUtm(url)) return { target: href, tagged: false };
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : href.slice(hashAt);
  const separator = beforeHash.endsWith('?') ? '' : beforeHash.includes('?') ? '&' : '?';
  const pairs: Array<[string, string | null | undefined]> = [
    ['utm_source', tags.source],
    ['utm_medium', tags.medium],
    ['utm_campaign', tags.campaign],
    ['utm_content', tags.content],
  ];
  const query = pairs
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  const target = `${beforeHash}${separator}${query}${fragment}`;
  if (target.length > MAX_TARGET_LENGTH) return { target: href, tagged: false };
  return { target, tagged: true };
}

function hasUtm(url: URL): boolean {
  for (const key of url.searchParams.keys()) if (key.toLowerCase().startsWith('utm_')) return true;
  return false;
}

/** A published post's tags: the network, social, its campaign (generation or group) and the post. */
export function postUtmTags(post: {
  id: string;
  platform: string;
  generationId: string | null;
  groupId: string | null;
}): UtmTags {
  return {
    source: post.platform,
    medium: 'social',
    campaign: post.generationId ?? post.groupId,
    content: post.id,
  };
}
