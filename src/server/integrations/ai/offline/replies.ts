import { platformRules } from '../../../../contracts/platforms';
import { countCharacters } from '../../../../contracts/post-text';
import type { ReplyRequest } from '../ai-provider';
import { createBannedCheck, stripEmoji } from './brand-guard';
import { createRandom, hashText } from './random';
import { removeBanned, shortenToFit } from './rewrite-text';

export type CommentKind = 'question' | 'complaint' | 'praise' | 'other';

const complaintWords =
  /\b(?:disappoint\w*|terrible|awful|horrible|worst|bad|broken|rude|cold|late|never (?:arrived|came|got)|refund\w*|wrong|problems?|issues?|not happy|unhappy|poor|waited|waste|dirty|overpriced|cancel\w*)\b/i;
const praiseWords =
  /\b(?:lov(?:e|ed|ing)|great|amazing|awesome|thank\w*|best|beautiful|delicious|perfect|fantastic|wonderful|excellent|brilliant|gorgeous|yum\w*|congrat\w*)\b|❤|😍|🔥|👏/iu;
const questionStart =
  /^(?:who|what|when|where|why|how|which|can|could|do|does|did|is|are|will|would|should|any)\b/i;

/** What a comment is, by its words: a complaint outranks praise ('love it, but it arrived broken'). */
export function classifyComment(text: string): CommentKind {
  if (complaintWords.test(text)) return 'complaint';
  if (text.includes('?') || questionStart.test(text.trim())) return 'question';
  if (praiseWords.test(text)) return 'praise';
  return 'other';
}

// `{name}` is the commenter's first name, `{brand}` the brand (or 'the team'). Each list holds more
// than three, so a seed picks three different ones; none promises what the post may not say.
const templates: Record<CommentKind, readonly string[]> = {
  question: [
    'Great question{, name}! Send us a direct message and {brand} will get you the details.',
    'Thanks for asking{, name}. Drop us a message and we will answer you personally.',
    'Good question{, name}! The details are best shared one to one: message us any time.',
    'Thanks for your interest{, name}! Message {brand} directly and we will help you out.',
  ],
  complaint: [
    'We are sorry to hear this{, name}. Please send us a direct message so {brand} can put it right.',
    'That is not the experience we want for you{, name}, and we apologise. Message us and we will look into it straight away.',
    'Thank you for telling us{, name}. We are sorry: please message {brand} with the details so we can help.',
    'We apologise{, name}. This matters to us, so please reach out in a direct message and we will sort it out.',
  ],
  praise: [
    'Thank you so much{, name}! This made our day.',
    'That means a lot{, name}. Thank you from all of us at {brand}!',
    'We are so glad you enjoyed it{, name}. Thanks for the kind words!',
    'Thank you{, name}! Kind words like yours keep {brand} going.',
  ],
  other: [
    'Thanks for your comment{, name}!',
    'Thank you for joining the conversation{, name}. {Brand} appreciates it.',
    'Thanks for stopping by{, name}! We are always happy to hear from you.',
    'We appreciate you taking the time to comment{, name}.',
  ],
};

/**
 * Three different replies to a comment, in the offline composer's plain voice: by the kind of
 * comment (an apology and an invitation to message for a complaint), with the brand's and the
 * commenter's names, no hashtags, no emoji, each within the network's length.
 */
export function repliesOffline(input: ReplyRequest): string[] {
  const kit = input.brandKit;
  const isBanned = createBannedCheck(kit?.bannedWords ?? []);
  const brandName = kit?.brandName.trim();
  const brand = brandName && !isBanned(brandName) ? brandName : 'the team';
  const firstName = input.comment.author?.trim().split(/\s+/)[0]?.replace(/^@/, '');
  const name = firstName && !isBanned(firstName) ? firstName : '';
  const kind = classifyComment(input.comment.text);
  const random = createRandom(hashText(`${input.comment.text}\u0000${input.post.content}`));
  const { platform } = input.post;
  const max = platformRules[platform].maxLength;
  const fits = (text: string) => countCharacters(platform, text) <= max;
  return random
    .shuffle(templates[kind])
    .slice(0, 3)
    .map((template) => {
      const text = template
        .replace('{, name}', name ? `, ${name}` : '')
        .replace('{brand}', brand)
        .replace('{Brand}', brand.charAt(0).toUpperCase() + brand.slice(1));
      const clean = stripEmoji(removeBanned(text, kit?.bannedWords ?? [], isBanned)).trim();
      return fits(clean) ? clean : shortenToFit(clean, fits);
    });
}
