import type { PublishingPlatform } from '../../../../contracts/platforms';
import { checkPostFits } from '../../../../contracts/post-text';

/** The written pieces of one post, before a platform's layout puts them together. */
export interface PostParts {
  hook: string;
  /** Names the product when the hook does not; kept at every level, so that every post names it. */
  productLine: string | null;
  /** Sentences after the hook; for a tips post, the line that leads into the list. */
  body: readonly string[];
  /** Numbered tips, for educational posts; empty otherwise. */
  tips: readonly string[];
  /** The stated offer and its dates, when the campaign gives them. */
  offerLine: string | null;
  /** A sentence in the tone's voice. */
  voice: string | null;
  /** The brand kit's keywords, woven into a sentence. */
  keywordLine: string | null;
  /** Invites comments, on LinkedIn and Facebook. */
  question: string | null;
  cta: string;
  instagramCta: string;
  /** A call to action naming the brand, for X when nothing else in the post does. */
  brandCta: string | null;
  /** '— The Luna Bistro team', added when the brand name is not in the post yet. */
  signOff: string | null;
  brandName: string | null;
  link: string | null;
  emoji: { hook: string | null; cta: string | null };
}

const sentence = (...pieces: Array<string | null | undefined | false>) =>
  pieces.filter((piece): piece is string => Boolean(piece)).join(' ');
const paragraphs = (...blocks: Array<string | null | undefined | false>) =>
  blocks.filter((block): block is string => typeof block === 'string' && block.trim() !== '').join('\n\n');
const withEmoji = (text: string, emoji: string | null) => (text && emoji ? `${text} ${emoji}` : text);

/** 'Book a table: example.com/brunch'; after a call to action that already has a colon, a plain space. */
function withLink(cta: string, link: string | null): string {
  if (!link || !cta) return cta || (link ?? '');
  return cta.includes(':') ? `${cta} ${link}` : `${cta.replace(/[.!?]$/, '')}: ${link}`;
}

function tipList(parts: PostParts, count: number): string {
  return parts.tips
    .slice(0, count)
    .map((tip, index) => `${index + 1}. ${tip}`)
    .join('\n');
}

function withSignOff(text: string, parts: PostParts): string {
  if (!parts.brandName || !parts.signOff || text.includes(parts.brandName)) return text;
  return paragraphs(text, parts.signOff);
}

/*
 * Each layout takes a level: 0 is the full post, and every level up leaves out one more optional
 * piece, so that a post can shrink to fit its platform without losing its hook or its call to action.
 */
type Layout = (parts: PostParts, level: number) => string;

/** The lead-in line of a tips list, after the product line when there is one. */
const tipsLead = (parts: PostParts) => sentence(parts.productLine, parts.body[0]);

const linkedin: Layout = (parts, level) => {
  const main = parts.tips.length
    ? `${tipsLead(parts)}\n${tipList(parts, level < 3 ? 3 : 2)}`
    : sentence(parts.productLine, parts.body[0], level < 3 && parts.body[1], parts.offerLine);
  const text = paragraphs(
    withEmoji(parts.hook, parts.emoji.hook),
    level < 4 ? main : parts.productLine,
    sentence(level < 2 && parts.voice, level < 1 && parts.keywordLine),
    withEmoji(withLink(parts.cta, parts.link), parts.emoji.cta),
    level < 3 && parts.question,
  );
  return withSignOff(text, parts);
};

const facebook: Layout = (parts, level) => {
  const main = parts.tips.length
    ? `${tipsLead(parts)}\n${tipList(parts, 3)}`
    : sentence(parts.productLine, parts.body[0], parts.offerLine, level < 2 && parts.voice);
  const text = paragraphs(
    withEmoji(parts.hook, parts.emoji.hook),
    level < 4 ? main : parts.productLine,
    level < 1 && parts.keywordLine,
    sentence(withEmoji(withLink(parts.cta, parts.link), parts.emoji.cta), level < 3 && parts.question),
  );
  return withSignOff(text, parts);
};

const instagram: Layout = (parts, level) => {
  const main = parts.tips.length
    ? `${tipsLead(parts)}\n${tipList(parts, 3)}`
    : [parts.productLine, parts.body[0], level < 3 && parts.body[1]].filter(Boolean).join('\n');
  const text = paragraphs(
    withEmoji(parts.hook, parts.emoji.hook),
    level < 4 ? main : parts.productLine,
    parts.offerLine,
    level < 2 && (parts.keywordLine ?? parts.voice),
    withEmoji(parts.instagramCta, parts.emoji.cta),
  );
  return withSignOff(text, parts);
};

/**
 * X: short and punchy. The hook, one line of substance (a joke when the tone is humorous), the
 * call to action; less when it must.
 */
const twitter: Layout = (parts, level) => {
  const hook = withEmoji(parts.hook, parts.emoji.hook);
  // A tips post has no sentence of substance but its tips: the lead-in line ends in a colon.
  const substance = (index: number) =>
    parts.tips.length ? parts.tips[index] : [parts.voice ?? parts.body[0], parts.body[0]][index];
  const build = (rest: string) => {
    const cta = (text: string) => withEmoji(withLink(text, parts.link), parts.emoji.cta);
    const draft = paragraphs(hook, sentence(parts.productLine, rest, cta(parts.cta)));
    if (!parts.brandName || draft.includes(parts.brandName)) return draft;
    // Short of room on X, the brand goes into the call to action rather than a sign-off.
    return parts.brandCta
      ? paragraphs(hook, sentence(parts.productLine, rest, cta(parts.brandCta)))
      : withSignOff(draft, parts);
  };
  switch (level) {
    case 0:
      return build(sentence(substance(0), parts.offerLine));
    case 1:
      return build(sentence(substance(1), parts.offerLine));
    case 2:
      return build(sentence(parts.offerLine));
    case 3:
      return build('');
    default:
      return paragraphs(withEmoji(hook, parts.emoji.cta), parts.productLine);
  }
};

/**
 * The short networks read like X; Threads, Pinterest and TikTok like Instagram; a LinkedIn Page and
 * a YouTube description like LinkedIn; a Google Business Profile update like Facebook.
 */
const layouts: Record<PublishingPlatform, Layout> = {
  linkedin,
  facebook,
  instagram,
  twitter,
  bluesky: twitter,
  mastodon: twitter,
  threads: instagram,
  pinterest: instagram,
  linkedin_page: linkedin,
  youtube: linkedin,
  tiktok: instagram,
  google_business: facebook,
};
const LEVELS = 5;

/**
 * Lays the parts out for the platform and makes the published post (content plus hashtags) fit:
 * first by leaving pieces out, then by dropping hashtags the brand does not require, and only as
 * a last resort by cutting the text at a word.
 */
export function assemblePost(
  platform: PublishingPlatform,
  parts: PostParts,
  hashtags: readonly string[],
  requiredCount: number,
): { content: string; hashtags: string[] } {
  let tags = [...hashtags];
  for (;;) {
    for (let level = 0; level < LEVELS; level += 1) {
      const content = layouts[platform](parts, level);
      if (checkPostFits(platform, content, tags).fits) return { content, hashtags: tags };
    }
    if (tags.length <= requiredCount) break;
    tags = tags.slice(0, -1);
  }
  // Even the hook alone is too long (a very long campaign phrase or brand name): cut it to fit.
  while (tags.length > 0 && !checkPostFits(platform, 'x', tags).fits) tags = tags.slice(0, -1);
  return { content: truncateToFit(platform, layouts[platform](parts, LEVELS), tags), hashtags: tags };
}

function truncateToFit(platform: PublishingPlatform, content: string, tags: readonly string[]): string {
  const fits = (text: string) => checkPostFits(platform, text, [...tags]).fits;
  const words = content.split(' ');
  for (let count = words.length; count > 0; count -= 1) {
    const candidate = `${words
      .slice(0, count)
      .join(' ')
      .replace(/[\s,;:.!?-]+$/u, '')}…`;
    if (fits(candidate)) return candidate;
  }
  // A single word longer than the platform allows: cut by code points.
  const chars = Array.from(content);
  while (chars.length > 1 && !fits(`${chars.join('')}…`)) chars.pop();
  return `${chars.join('')}…`;
}
