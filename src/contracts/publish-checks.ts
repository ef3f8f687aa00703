import { checkGoogleBusinessPost } from './google-business';
import type { MediaFacts } from './media';
import type { PostPlatformOptions } from './platform-options';
import { type PublishingPlatform, platformLabels, platformRules } from './platforms';
import { platformPostRules, postTypeRule, postTypesOf } from './post-rules';
import { checkPostFits, publishedText } from './post-text';
import { type PostType, type PostTypeRule, postTypeLabelOf, postTypeLabels } from './post-types';
import type { SocialAccountPostLimits } from './social-accounts';
import { checkYouTubePost } from './youtube';

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'application/pdf': 'PDF',
};
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const seconds = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 6000) / 10} minutes` : `${Math.round(ms / 100) / 10} seconds`;
const list = (names: readonly string[]) => names.join(' or ');
/** 'An Instagram Reel', 'A Facebook Reel', 'An X (Twitter) Thread'. */
const anOrA = (word: string) => (/^[AEIOUX]/.test(word) ? 'An' : 'A');
const codecNames: Record<string, string> = { h264: 'H.264', hevc: 'HEVC (H.265)', aac: 'AAC' };
const codecName = (codec: string) => codecNames[codec] ?? codec.toUpperCase();

/** An attached image or video with what the user wrote for it. */
export type CheckedMedia = MediaFacts & { altText?: string | null };

/** What the checks read of a post (the composer's draft, or a stored post with its media's facts). */
export interface PublishablePost {
  postType?: PostType;
  content: string;
  hashtags: string[];
  media: CheckedMedia[];
  firstComment?: string | null;
  /** The title of a post type that has one (a LinkedIn document post); ignored elsewhere. */
  title?: string | null;
  /** Threads (X, Mastodon): the posts after the first, each with its media's facts. */
  thread?: { content: string; media: CheckedMedia[] }[];
  /**
   * What the network asks beyond text and media: a Pinterest board; a Mastodon content warning,
   * which Mastodon counts with the text (StatusLengthValidator).
   */
  platformOptions?: PostPlatformOptions;
  /** The target account's own server's limits (a Mastodon instance's), where it has them. */
  limits?: SocialAccountPostLimits | null;
}

/**
 * Everything that would make the platform refuse this post, in words for the user; empty when it
 * can be published. The server runs it when a post is scheduled (a 400 with the first problem),
 * the composer runs it on every keystroke. The limits are the platform's (post-rules/*).
 */
export function checkPublishable(platform: PublishingPlatform, post: PublishablePost): string[] {
  const label = platformLabels[platform];
  const type = post.postType ?? 'post';
  const rule = postTypeRule(platform, type);
  if (!rule) {
    const offered = postTypesOf(platform).map((name) => postTypeLabelOf(platform, name));
    return [`${label} does not publish a ${postTypeLabels[type]} here; choose ${list(offered)}.`];
  }
  const problems: string[] = [];
  const fit = {
    ...(post.limits?.maxLength ? { maxLength: post.limits.maxLength } : {}),
    ...(platform === 'mastodon' && post.platformOptions?.contentWarning
      ? { extra: post.platformOptions.contentWarning.trim() }
      : {}),
  };
  // A server that allows more (or fewer) attachments than the network's default says so.
  const ruled = post.limits?.maxMedia ? { ...rule, maxItems: post.limits.maxMedia } : rule;
  if (rule.takesText) problems.push(...checkPostText(platform, post.content, post.hashtags, fit));
  problems.push(...checkMedia(platform, type, ruled, post.media));
  if (rule.title) {
    const title = post.title?.trim() ?? '';
    const named = `${anOrA(label)} ${label} ${postTypeLabelOf(platform, type)}`;
    if (!title && rule.title.required) {
      problems.push(
        `${named} needs a title: ${label} shows it with the ${platform === 'youtube' ? 'video' : 'document'}. Add one before scheduling.`,
      );
    } else if ([...title].length > rule.title.maxLength) {
      problems.push(`The title is longer than ${label} allows (${rule.title.maxLength} characters).`);
    }
  }
  // A Pin is saved to a board: POST /v5/pins requires `board_id` (post-rules/pinterest.ts).
  if (platform === 'pinterest' && !post.platformOptions?.boardId?.trim()) {
    problems.push('Choose a board for this Pin.');
  }
  // A local post: an Event's or Offer's title and dates, a button's link, no phone number.
  if (platform === 'google_business') {
    problems.push(...checkGoogleBusinessPost(post.content, post.platformOptions?.googleBusiness));
  }
  // TikTok: who can see a direct post is the user's choice, with no default (content sharing
  // guidelines); a post sent to the creator's inbox is finished in the app.
  const tiktok = post.platformOptions?.tiktok;
  if (platform === 'tiktok' && !tiktok?.sendToInbox && !tiktok?.privacyLevel) {
    problems.push('Choose who can see this TikTok post.');
  }
  if (platform === 'youtube') {
    const { title, platformOptions } = post;
    const content = publishedText(post.content, post.hashtags);
    problems.push(...checkYouTubePost({ title, content, options: platformOptions?.youtube }));
  }
  const firstComment = post.firstComment?.trim();
  if (firstComment) {
    const limit = platformPostRules[platform].firstComment;
    if (!limit) problems.push(`${label} takes no first comment from Kitepost.`);
    // A Story takes replies as messages, not comments (Instagram's comments edge refuses a story).
    else if (type === 'story') problems.push(`${anOrA(label)} ${label} Story takes no first comment.`);
    else if (platform === 'twitter') {
      const fit = checkPostFits(platform, firstComment, []);
      if (!fit.fits) {
        problems.push(`The first reply has ${fit.length} characters; ${label} allows ${fit.max}.`);
      }
    } else if ([...firstComment].length > limit.maxLength) {
      problems.push(`The first comment is longer than ${label} allows (${limit.maxLength} characters).`);
    }
  }
  const thread = post.thread ?? [];
  if (type === 'thread' && thread.length === 0) {
    problems.push('A thread needs at least one more post after the first.');
  }
  if (type !== 'thread' && thread.length > 0) {
    problems.push(
      `Only a thread has more posts; this ${postTypeLabelOf(platform, type)} has ${thread.length}.`,
    );
  }
  if (type === 'thread' && firstComment) {
    problems.push('A thread has no first reply of its own: add the reply to the thread as its next post.');
  }
  if (type === 'thread') {
    for (const [index, item] of thread.entries()) {
      const which = `Post ${index + 2} of the thread`;
      for (const problem of [
        ...checkPostText(platform, item.content, [], fit),
        ...checkMedia(platform, type, ruled, item.media),
      ]) {
        problems.push(`${which}: ${problem}`);
      }
    }
  }
  return problems;
}

/** The text part of the checks (length, hashtags): what an AI text is gated by before it is shown. */
export function checkPostText(
  platform: PublishingPlatform,
  content: string,
  hashtags: string[],
  account: { maxLength?: number; extra?: string } = {},
): string[] {
  const label = platformLabels[platform];
  const problems: string[] = [];
  const fit = checkPostFits(platform, content, hashtags, account);
  if (!fit.fits) {
    // LinkedIn counts the text as it receives it: symbols such as ( ) * _ escaped (decision 042).
    const counted =
      platformRules[platform].counting === 'linkedin-escaped'
        ? ' as LinkedIn counts them (symbols such as ( ) * _ @ count 2)'
        : '';
    problems.push(
      `This post has ${fit.length} characters${counted}; ${label} allows ${fit.max}. Shorten it before scheduling.`,
    );
  }
  if (fit.tooManyHashtags) {
    problems.push(
      `This post has more hashtags than ${label} allows (${platformRules[platform].maxHashtags}).`,
    );
  }
  return problems;
}

function checkMedia(
  platform: PublishingPlatform,
  type: PostType,
  rule: PostTypeRule,
  media: CheckedMedia[],
): string[] {
  const label = platformLabels[platform];
  const named = type === 'post' ? label : `${anOrA(label)} ${label} ${postTypeLabelOf(platform, type)}`;
  const problems: string[] = [];
  const videos = media.filter((item) => item.kind === 'video').length;
  const documents = media.filter((item) => item.kind === 'document').length;
  const images = media.length - videos - documents;
  if (rule.media === 'document') return checkDocumentPost(label, named, rule, media, documents);
  if (documents > 0) {
    // Which network and type take one, so the user knows where to go (only LinkedIn's carousel).
    problems.push(`${named} takes no PDF documents: only LinkedIn document posts take one.`);
  }
  if (media.length < rule.minItems) {
    if (rule.media === 'video') problems.push(`${named} needs a video: attach one before scheduling.`);
    else if (rule.minItems === 1) {
      problems.push(
        `${named} needs ${rule.media === 'images' ? 'an image' : 'an image or a video'}: attach one before scheduling.`,
      );
    } else problems.push(`${named} needs at least ${rule.minItems} items; it has ${media.length}.`);
  }
  if (media.length > rule.maxItems) {
    const noun =
      rule.media === 'images' || (rule.media === 'images-or-video' && videos === 0) ? 'image' : 'item';
    problems.push(
      `${named} takes at most ${rule.maxItems} ${noun}${rule.maxItems === 1 ? '' : 's'} per post.`,
    );
  }
  if (rule.media === 'images' && videos > 0) problems.push(`${named} takes images only, not videos.`);
  if (rule.media === 'video' && images > 0) problems.push(`${named} takes one video, not images.`);
  if (rule.media === 'images-or-video' && videos > 0 && media.length > 1) {
    problems.push(`${named} takes several images or one video alone, not both or several videos.`);
  }
  for (const [index, item] of media.entries()) {
    if (item.kind === 'document') continue;
    const noun = item.kind === 'video' ? 'video' : 'image';
    const which = media.length > 1 ? `Item ${index + 1} (${noun})` : `The ${noun}`;
    problems.push(...checkItem(label, which, rule, item));
    const alt = item.altText?.trim();
    if (alt) {
      if (!rule.altText) problems.push(`${which}: ${named} takes no alt text.`);
      else if (rule.altText.imagesOnly && item.kind === 'video') {
        problems.push(`${which}: ${label} takes alt text on images only.`);
      } else if ([...alt].length > rule.altText.maxLength) {
        problems.push(
          `${which}: the alt text is longer than ${label} allows (${rule.altText.maxLength} characters).`,
        );
      }
    }
  }
  return problems;
}

/** A document post: exactly one PDF, alone, within the network's size and page limits. */
function checkDocumentPost(
  label: string,
  named: string,
  rule: PostTypeRule,
  media: CheckedMedia[],
  documents: number,
): string[] {
  const problems: string[] = [];
  if (documents === 0) problems.push(`${named} needs a PDF document: attach one before scheduling.`);
  if (documents > 1) problems.push(`${named} takes one PDF document; it has ${documents}.`);
  if (media.length > documents) {
    problems.push(`${named} takes one PDF document alone, not images or videos beside it.`);
  }
  const limits = rule.document;
  for (const item of media) {
    if (item.kind !== 'document' || !limits) continue;
    if (item.sizeBytes > limits.maxBytes) {
      problems.push(
        `The document is ${megabytes(item.sizeBytes)}; ${label} accepts up to ${megabytes(limits.maxBytes)}.`,
      );
    }
    if ((item.pageCount ?? 0) > limits.maxPages) {
      problems.push(`The document has ${item.pageCount} pages; ${label} accepts up to ${limits.maxPages}.`);
    }
    if (item.altText?.trim()) problems.push(`The document: ${named} takes no alt text.`);
  }
  return problems;
}

function checkItem(label: string, which: string, rule: PostTypeRule, item: CheckedMedia): string[] {
  const problems: string[] = [];
  const limits = item.kind === 'video' ? rule.video : rule.image;
  if (!limits) return problems;
  const types = limits.mimeTypes as readonly string[];
  if (!types.includes(item.mimeType)) {
    problems.push(
      `${which} is ${typeNames[item.mimeType]}; ${label} accepts ${list(limits.mimeTypes.map((t) => typeNames[t] ?? t))}.`,
    );
  }
  if (item.sizeBytes > limits.maxBytes) {
    problems.push(
      `${which} is ${megabytes(item.sizeBytes)}; ${label} accepts up to ${megabytes(limits.maxBytes)}.`,
    );
  }
  if (limits.aspectRatio && item.height > 0) {
    const ratio = item.width / item.height;
    if (ratio < limits.aspectRatio.min - 0.005 || ratio > limits.aspectRatio.max + 0.005) {
      problems.push(
        `${which} is ${item.width}×${item.height}; ${label} needs an aspect ratio ${limits.aspectRatio.label}.`,
      );
    }
  }
  if ('minDurationMs' in limits) {
    const video = limits;
    const duration = item.durationMs ?? 0;
    if (duration < video.minDurationMs) {
      problems.push(
        `${which} lasts ${seconds(duration)}; ${label} needs at least ${seconds(video.minDurationMs)}.`,
      );
    }
    if (duration > video.maxDurationMs) {
      problems.push(
        `${which} lasts ${seconds(duration)}; ${label} accepts up to ${seconds(video.maxDurationMs)}.`,
      );
    }
    if (item.videoCodec && !video.videoCodecs.includes(item.videoCodec)) {
      problems.push(
        `${which} is encoded as ${codecName(item.videoCodec)}; ${label} accepts ${list(video.videoCodecs.map(codecName))}.`,
      );
    }
    if (item.audioCodec && !video.audioCodecs.includes(item.audioCodec)) {
      problems.push(
        `${which} has ${codecName(item.audioCodec)} sound; ${label} accepts ${list(video.audioCodecs.map(codecName))}.`,
      );
    }
    if (video.maxAudioSampleRate && (item.audioSampleRate ?? 0) > video.maxAudioSampleRate) {
      problems.push(
        `${which} has sound at ${item.audioSampleRate} Hz; ${label} accepts up to ${video.maxAudioSampleRate} Hz.`,
      );
    }
    const fps = item.frameRate;
    if (fps != null && video.minFrameRate && fps < video.minFrameRate - 0.01) {
      problems.push(
        `${which} has ${Math.round(fps * 100) / 100} frames a second; ${label} needs at least ${video.minFrameRate}.`,
      );
    }
    if (fps != null && video.maxFrameRate && fps > video.maxFrameRate + 0.01) {
      problems.push(
        `${which} has ${Math.round(fps * 100) / 100} frames a second; ${label} accepts up to ${video.maxFrameRate}.`,
      );
    }
    const tooSmall =
      (video.minWidth && item.width < video.minWidth) || (video.minHeight && item.height < video.minHeight);
    if (tooSmall) {
      problems.push(
        `${which} is ${item.width}×${item.height}; ${label} needs at least ${video.minWidth ?? 0}×${video.minHeight ?? 0}.`,
      );
    }
    const tooBig =
      (video.maxWidth && item.width > video.maxWidth) || (video.maxHeight && item.height > video.maxHeight);
    if (tooBig) {
      problems.push(
        `${which} is ${item.width}×${item.height}; ${label} accepts at most ${video.maxWidth ?? '∞'} px wide${video.maxHeight ? ` and ${video.maxHeight} px high` : ''}.`,
      );
    }
    if (video.maxBitrate && (item.bitrate ?? 0) > video.maxBitrate) {
      problems.push(
        `${which} has a bitrate of ${Math.round((item.bitrate ?? 0) / 100_000) / 10} Mbps; ${label} accepts up to ${video.maxBitrate / 1_000_000} Mbps.`,
      );
    }
  } else {
    const image = limits;
    if (image.minWidth && item.width < image.minWidth) {
      problems.push(`${which} is ${item.width} px wide; ${label} needs at least ${image.minWidth} px.`);
    }
  }
  return problems;
}
