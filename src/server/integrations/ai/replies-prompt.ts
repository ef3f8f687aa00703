import { platformLabels, platformRules } from '../../../contracts/platforms';
import type { ReplyRequest } from './ai-provider';
import { emojiRules, encodeCustomerJson, type IdeaPrompt } from './prompt';
import { BRIEF_RULE, briefExtras, sharedRules } from './rewrite-prompt';

/** How many replies are asked for and shown. */
export const REPLY_COUNT = 3;

const SYSTEM_RULES = [
  'You write replies, on behalf of a small business, to comments people leave on its social media posts.',
  '',
  BRIEF_RULE,
  '',
  'Rules for every reply:',
  `- Write exactly ${REPLY_COUNT} replies to the comment in comment of the brief, each a different approach, none repeating another’s opening.`,
  '- Reply in the language of the comment, as the brand, warmly and briefly.',
  '- Never promise, offer or state anything the post (post of the brief) does not say: no discounts, refunds, prices, dates or facts of your own.',
  '- A complaint gets an apology and an invitation to continue in a direct message; a question gets a helpful answer from the post, or an invitation to ask in a direct message when the post does not answer it.',
  '- No hashtags.',
  '',
  `Answer with one JSON object and nothing else: no prose, no code fences. Its shape: {"replies":["<reply 1>","<reply 2>","<reply 3>"]}`,
].join('\n');

/** The prompts for reply suggestions; the comment, the post and the brand only inside <brief>. */
export function buildRepliesPrompt(input: ReplyRequest): IdeaPrompt {
  const { platform } = input.post;
  const lines = [
    `Write ${REPLY_COUNT} replies to a comment on a ${platformLabels[platform]} post. Each reply is at most ${platformRules[platform].maxLength} characters; shorter is better.`,
    `Emoji: ${emojiRules[input.brandKit?.emojiPolicy ?? 'sparing']}`,
    ...sharedRules(input.brandKit, input.examples, input.fix),
  ];
  if (input.comment.author) lines.push('', 'The commenter’s name is in comment.author of the brief.');
  const brief = {
    comment: input.comment,
    post: input.post,
    ...briefExtras(input.brandKit, input.examples, input.fix),
  };
  lines.push('', 'The brief:', '<brief>', encodeCustomerJson(brief), '</brief>');
  return { system: SYSTEM_RULES, user: lines.join('\n') };
}
