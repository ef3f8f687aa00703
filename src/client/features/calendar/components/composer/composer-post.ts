import type { Media } from '../../../../../contracts/media';
import { optionsForPlatform, type PostPlatformOptions } from '../../../../../contracts/platform-options';
import type { PublishingPlatform } from '../../../../../contracts/platforms';
import {
  fieldsForTarget,
  platformPostRules,
  postTypeRule,
  postTypesOf,
  takesThread,
} from '../../../../../contracts/post-rules';
import { isLinkedIn, type PostType } from '../../../../../contracts/post-types';
import type { ComposePostBody, Post, PostMediaItem, UpdatePostBody } from '../../../../../contracts/posts';
import { type CheckedMedia, checkPublishable } from '../../../../../contracts/publish-checks';
import type { SocialAccount } from '../../../../../contracts/social-accounts';
import { type TargetKey, targetKeyOf } from '../../composer-targets';
import { accountLimitsOf } from './account-limits';

/** One post of an X thread after the first, as the composer holds it (`key` keeps React's rows). */
export interface ThreadDraft {
  key: string;
  content: string;
  mediaIds: string[];
}

/** What the composer holds about the post beyond its text (issue 24). */
export interface RichDraft {
  /** The post type chosen per target; a target not in here has its network's default. */
  postTypes: Partial<Record<TargetKey, PostType>>;
  /** The attached media in order, with alt texts ('' for none). */
  media: PostMediaItem[];
  firstComment: string;
  thread: ThreadDraft[];
  /** A document post's title (LinkedIn); sent only to the targets whose type takes a title. */
  title: string;
  /** A Mastodon content warning, a Pinterest board…: each target keeps its own network's. */
  platformOptions: PostPlatformOptions;
  /** Its short links get UTM tags (issue 29); unset: the post's default (on). */
  utm?: boolean;
  /** "Adapt for each network" (issue 30): a target's own text instead of the shared one. */
  overrides?: Partial<Record<TargetKey, TargetOverride>>;
}

/** One target's own text; `thread` is the whole X thread, its first post equal to `content`. */
export interface TargetOverride {
  content: string;
  hashtags: string[];
  thread: string[];
}

/**
 * A target's own text as the compose call's `targets[]` fields: a split X text goes out as a
 * thread (its replies after the first post).
 */
function overrideBody(override: TargetOverride | undefined) {
  if (!override) return {};
  const replies = override.thread.slice(1).map((content) => ({ content, mediaIds: [] }));
  const text = { content: override.content, hashtags: override.hashtags };
  return replies.length > 0 ? { ...text, postType: 'thread' as const, thread: replies } : text;
}

/** The rich fields of a saved post, as the composer edits them. */
export function richDraftOf(post: Post | null): RichDraft {
  if (!post)
    return { postTypes: {}, media: [], firstComment: '', thread: [], title: '', platformOptions: {} };
  return {
    postTypes: { [targetKeyOf(post)]: post.postType },
    media:
      post.media.length > 0
        ? post.media.map((item) => ({ id: item.id, altText: item.altText ?? '' }))
        : post.mediaIds.map((id) => ({ id, altText: '' })),
    firstComment: post.firstComment ?? '',
    thread: post.thread.map((item) => ({
      key: crypto.randomUUID(),
      content: item.content,
      mediaIds: item.mediaIds,
    })),
    title: post.title ?? '',
    platformOptions: post.platformOptions,
    utm: post.utm,
  };
}

/** A compose target with its key, as the checks and previews need it. */
export type ChosenTarget = ComposePostBody['targets'][number] & { key: TargetKey };

/** The type a target publishes: the one chosen, when its network offers it, else its default. */
export function postTypeOf(platform: PublishingPlatform, chosen: PostType | undefined): PostType {
  const offered = postTypesOf(platform);
  return chosen && offered.includes(chosen) ? chosen : (offered[0] ?? 'post');
}

/** The targets with the post type each publishes (sent as `targets[].postType`). */
export function typedTargets(
  keys: TargetKey[],
  targets: ComposePostBody['targets'],
  postTypes: RichDraft['postTypes'],
): ChosenTarget[] {
  // composeTargets drops unknown accounts, keeping the order: pair each target with its key.
  const known = keys.filter((key) => targets.some((target) => keyOf(target) === key));
  return known.flatMap((key) => {
    const target = targets.find((item) => keyOf(item) === key);
    return target ? [{ ...target, key, postType: postTypeOf(target.platform, postTypes[key]) }] : [];
  });
}

const keyOf = (target: ComposePostBody['targets'][number]): TargetKey =>
  target.socialAccountId ? `account:${target.socialAccountId}` : `platform:${target.platform}`;

/** The networks of the chosen thread targets, each once. */
export const threadPlatforms = (targets: ChosenTarget[]): PublishingPlatform[] => [
  ...new Set(
    targets
      .filter((target) => target.postType === 'thread' && takesThread(target.platform))
      .map((t) => t.platform),
  ),
];

/** Whether any chosen X target is a thread: only then is the thread editor shown and sent. */
export const hasThread = (targets: ChosenTarget[]) =>
  targets.some((target) => target.postType === 'thread' && takesThread(target.platform));

/** The alt texts trimmed, empty ones as null (the contract's "none"). */
function mediaBody(media: PostMediaItem[]): PostMediaItem[] {
  return media.map((item) => ({ id: item.id, altText: item.altText?.trim() || null }));
}

function threadBody(draft: RichDraft, targets: ChosenTarget[]) {
  return hasThread(targets)
    ? draft.thread.map((item) => ({ content: item.content, mediaIds: item.mediaIds }))
    : [];
}

/** The compose call's body (one post per target; the server hands the thread to X targets only). */
export function composeBody(
  base: { content: string; hashtags: string[]; scheduledAt: string | null; asDraft: boolean },
  draft: RichDraft,
  targets: ChosenTarget[],
): ComposePostBody {
  const media = mediaBody(draft.media);
  return {
    ...base,
    mediaIds: media.map((item) => item.id),
    media,
    firstComment: firstCommentTaken(targets) ? draft.firstComment.trim() || null : null,
    thread: threadBody(draft, targets),
    title: titleRule(targets) ? draft.title.trim() || null : null,
    platformOptions: draft.platformOptions,
    ...(draft.utm === undefined ? {} : { utm: draft.utm }),
    targets: targets.map(({ platform, socialAccountId, postType, key }) => ({
      platform,
      socialAccountId,
      postType,
      ...overrideBody(draft.overrides?.[key]),
    })),
  };
}

/** The edit call's changes for one saved post (its single target). */
export function editChanges(
  base: { content: string; hashtags: string[] },
  draft: RichDraft,
  target: ChosenTarget,
): UpdatePostBody {
  // What of the draft this post's network and type take (the same rule as a compose).
  const own = fieldsForTarget(target.platform, target.postType ?? 'post', {
    media: mediaBody(draft.media),
    firstComment: draft.firstComment.trim() || null,
    thread: threadBody(draft, [target]),
    title: draft.title.trim() || null,
  });
  return {
    ...base,
    platform: target.platform,
    socialAccountId: target.socialAccountId,
    postType: target.postType,
    mediaIds: own.media.map((item) => item.id),
    media: own.media,
    firstComment: own.firstComment,
    thread: own.thread,
    title: own.title,
    platformOptions: optionsForPlatform(target.platform, draft.platformOptions),
    ...(draft.utm === undefined ? {} : { utm: draft.utm }),
  };
}

/** Who shows the title of the chosen targets: a LinkedIn document post, a Pin, a YouTube video (the field's words). */
export const titleShownBy = (targets: Pick<ChosenTarget, 'platform' | 'postType'>[]) => ({
  document: targets.some((target) => target.postType === 'carousel' && isLinkedIn(target.platform)),
  pin: targets.some((target) => target.platform === 'pinterest'),
  video: targets.some((target) => target.platform === 'youtube'),
});

/**
 * The title the chosen post types ask for (a LinkedIn document post's): the shortest limit, and
 * required when any of them requires it; null when none takes a title (the field is hidden then).
 */
export function titleRule(
  targets: Pick<ChosenTarget, 'platform' | 'postType'>[],
): { required: boolean; maxLength: number } | null {
  const rules = targets.flatMap((target) => {
    const title = postTypeRule(target.platform, target.postType ?? 'post')?.title;
    return title ? [title] : [];
  });
  if (rules.length === 0) return null;
  return {
    required: rules.some((rule) => rule.required),
    maxLength: Math.min(...rules.map((rule) => rule.maxLength)),
  };
}

/** Whether some chosen target's network takes a first comment (the field is shown then). */
export const firstCommentTaken = (targets: Pick<ChosenTarget, 'platform' | 'postType'>[]) =>
  targets.some(
    (target) =>
      platformPostRules[target.platform].firstComment !== null &&
      target.postType !== 'thread' &&
      target.postType !== 'story',
  );

/** The shortest first-comment limit among the chosen networks that take one. */
export function firstCommentLimit(targets: Pick<ChosenTarget, 'platform'>[]): number | null {
  const limits = targets.flatMap((target) => {
    const rule = platformPostRules[target.platform].firstComment;
    return rule ? [rule.maxLength] : [];
  });
  return limits.length > 0 ? Math.min(...limits) : null;
}

/** The shortest alt-text limit among the chosen post types that take alt text; null: none does. */
export function altTextLimit(targets: Pick<ChosenTarget, 'platform' | 'postType'>[]): number | null {
  const limits = targets.flatMap((target) => {
    const alt = postTypeRule(target.platform, target.postType ?? 'post')?.altText;
    return alt ? [alt.maxLength] : [];
  });
  return limits.length > 0 ? Math.min(...limits) : null;
}

/** The facts the checks read of an attached item, with what the user wrote for it. */
export function checkedMedia(ids: string[], byId: Map<string, Media>, altTexts?: Map<string, string>) {
  return ids.flatMap((id): CheckedMedia[] => {
    const item = byId.get(id);
    return item ? [{ ...item, altText: altTexts?.get(id) ?? null }] : [];
  });
}

export interface TargetCheck {
  platform: PublishingPlatform;
  postType: PostType;
  problems: string[];
  /** What the live counter counts against: the accounts' own server's limit, a content warning. */
  fit?: { maxLength?: number; extra?: string };
}

/**
 * The live checks: each distinct network and post type once, with what the server will receive
 * for it (the thread on X only, as the server hands it out), so the composer refuses what
 * scheduling would.
 */
export function checkTargets(
  targets: ChosenTarget[],
  post: { content: string; hashtags: string[] },
  draft: RichDraft,
  byId: Map<string, Media>,
  /** The workspace's accounts: their own servers' limits apply (a Mastodon instance's). */
  accounts: readonly SocialAccount[] = [],
): TargetCheck[] {
  const threadDraft = hasThread(targets)
    ? draft.thread.map((item) => ({ content: item.content, mediaIds: item.mediaIds }))
    : [];
  const seen = new Set<string>();
  const checks: TargetCheck[] = [];
  for (const { platform, postType = 'post' } of targets) {
    if (seen.has(`${platform} ${postType}`)) continue;
    seen.add(`${platform} ${postType}`);
    // What this network and type receive of the shared draft (fieldsForTarget, as the server).
    const own = fieldsForTarget(platform, postType, {
      media: draft.media,
      firstComment: draft.firstComment,
      thread: threadDraft,
      title: draft.title,
    });
    const altTexts = new Map(own.media.map((item) => [item.id, item.altText ?? '']));
    const media = checkedMedia(
      own.media.map((item) => item.id),
      byId,
      altTexts,
    );
    const thread = own.thread.map((item) => ({
      content: item.content,
      media: checkedMedia(item.mediaIds, byId),
    }));
    const limits = accountLimitsOf(targets, platform, accounts);
    // A Mastodon content warning counts with the text there (StatusLengthValidator).
    const warning = platform === 'mastodon' ? draft.platformOptions.contentWarning?.trim() : undefined;
    const problems = checkPublishable(platform, {
      postType,
      ...post,
      media,
      firstComment: own.firstComment,
      title: own.title,
      thread,
      platformOptions: draft.platformOptions,
      limits,
    });
    // The contract refuses an empty thread post (a 400); say it here, beside the others.
    if (takesThread(platform)) {
      for (const [index, item] of thread.entries()) {
        if (!item.content.trim()) problems.push(`Post ${index + 2} of the thread: write something for it.`);
      }
    }
    const fit = {
      ...(limits?.maxLength ? { maxLength: limits.maxLength } : {}),
      ...(warning ? { extra: warning } : {}),
    };
    checks.push({ platform, postType, problems, ...(fit.maxLength || fit.extra ? { fit } : {}) });
  }
  return checks;
}

/** The list with the item at `from` moved to `to` (reordering media and thread posts). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
