import { linksByPlan } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { publishedText } from '../../../contracts/post-text';
import { mergeUtm, postUtmTags } from '../../../contracts/utm';
import type { AppContext } from '../../context';
import { findLinkSettings, listPostShortLinks } from './links.repository';
import { insertShortLink } from './short-codes';
import { isShortenable, placeholderShortUrl, replaceLinks, shortUrlOf } from './shorten-text';

/** What shortening reads of a post (publishing's PostRow has it all). */
export interface ShortenablePost {
  id: string;
  workspaceId: string;
  platform: PublishingPlatform;
  content: string;
  hashtags: string[];
  thread: Array<{ content: string }>;
  firstComment: string | null;
  utm: boolean;
  generationId: string | null;
  groupId: string | null;
}

/** One of the post's texts as published. */
export interface RewrittenText {
  text: string;
  /** The short URL that replaced a link, by the link's href (`new URL(written).href`). */
  shortUrls: ReadonlyMap<string, string>;
}

/** Rewrites any of the post's texts (its body, a thread item, its first comment) the same way every time. */
export interface ShortenedPost {
  rewrite(text: string): RewrittenText;
}

const UNCHANGED: ShortenedPost = { rewrite: (text) => ({ text, shortUrls: new Map() }) };
const ANY_LINK = /https?:\/\//i;

/**
 * The post's links replaced by short links (decision 093), for every place that sends or looks
 * for its texts: the attempt, its reconciliation, the thread's items and the first comment. Codes
 * are made once per (post, link) and found again on every later call, so a retry publishes, and a
 * reconciliation looks for, the very same text.
 * - No http(s) link in any of its texts: nothing is read (the publishing hot path stays as it was).
 * - Short links off, or a plan without them: texts unchanged, unless an earlier attempt of this
 *   post already published codes (they are reused, so that its texts stay the same).
 * - Targets get UTM tags unless the workspace or the post turned them off.
 */
export async function shortenForPublishing(
  ctx: Pick<AppContext, 'config' | 'database'>,
  post: ShortenablePost,
): Promise<ShortenedPost> {
  const texts = [
    publishedText(post.content, post.hashtags),
    ...post.thread.map((item) => item.content),
    ...(post.firstComment ? [post.firstComment] : []),
  ];
  if (!texts.some((text) => ANY_LINK.test(text))) return UNCHANGED;
  const db = ctx.database.db;
  const origin = ctx.config.links.shortOrigin;
  const [settings, existing] = await Promise.all([
    findLinkSettings(db, post.workspaceId),
    listPostShortLinks(db, post.id),
  ]);
  const codes = new Map(existing.map((row) => [row.url, row.code]));
  const mayCreate = !!settings?.shortLinks && linksByPlan[settings.plan].shortLinks;
  if (!mayCreate && codes.size === 0) return UNCHANGED;

  const tags = settings?.utm && post.utm ? postUtmTags(post) : null;
  const targets = new Map<string, string>();
  const placeholder = placeholderShortUrl(origin);
  const plannedFor = (url: string): string | undefined => {
    if (codes.has(url)) return placeholder;
    if (!mayCreate || !isShortenable(url, origin)) return undefined;
    const merged = mergeUtm(url, tags);
    if ('refused' in merged) return undefined;
    targets.set(url, merged.target);
    return placeholder;
  };
  // The links that will be published short, in order of first appearance across the texts.
  const used: string[] = [];
  for (const text of texts) {
    for (const url of replaceLinks(post.platform, text, plannedFor).replaced) {
      if (!used.includes(url)) used.push(url);
    }
  }
  for (const [position, url] of used.entries()) {
    if (codes.has(url)) continue;
    const target = targets.get(url);
    if (!target) continue;
    const row = await insertShortLink(db, {
      workspaceId: post.workspaceId,
      kind: 'post',
      postId: post.id,
      platform: post.platform,
      url,
      target,
      position,
    });
    codes.set(url, row.code);
  }
  const shortUrlFor = (url: string) => {
    const code = codes.get(url);
    return code && used.includes(url) ? shortUrlOf(origin, code) : undefined;
  };
  return {
    rewrite(text) {
      const { text: rewritten, replaced } = replaceLinks(post.platform, text, shortUrlFor);
      const shortUrls = new Map<string, string>();
      for (const url of replaced) {
        const short = shortUrlFor(url);
        if (short) shortUrls.set(new URL(url).href, short);
      }
      return { text: rewritten, shortUrls };
    },
  };
}
