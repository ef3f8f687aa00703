import { z } from 'zod';
import { safeString } from './common';

/*
 * What a Google Business Profile local post asks beyond its summary and photo (issue 28,
 * decision 090): `PostPlatformOptions.googleBusiness`, read into a v4 `LocalPost`
 * (developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts):
 * - `topicType` STANDARD ("What's new"), EVENT or OFFER (ALERT is Google's own, not ours);
 * - `event` {title, schedule {startDate, startTime, endDate, endTime}}: "Required for topic types
 *   EVENT and OFFER" (LocalPost.event); the schedule is the location's wall-clock time (Date and
 *   TimeOfDay carry no zone), so Kitepost takes local date-times and sends their digits;
 * - `offer` {couponCode, redeemOnlineUrl, termsConditions}: "Additional data for offer posts";
 * - `callToAction` {actionType, url}: "Ignored for topic type OFFER"; CALL dials the profile's
 *   phone number and takes no url (ActionType: "CALL: … call a business"), every other action
 *   needs its url.
 * Lengths Google's reference does not state come from Google's post editor as third parties
 * report it: event and offer titles at most 58 characters (lettercounter.org, 2026; UNCONFIRMED
 * by the API reference). Coupon codes and terms carry no documented limit: 58 and 5,000 are
 * Kitepost's ceilings (UNCONFIRMED).
 */

export const googleBusinessTopics = ['STANDARD', 'EVENT', 'OFFER'] as const;
export type GoogleBusinessTopic = (typeof googleBusinessTopics)[number];

export const googleBusinessActions = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
export type GoogleBusinessAction = (typeof googleBusinessActions)[number];

export const googleBusinessTopicLabels: Record<GoogleBusinessTopic, string> = {
  STANDARD: 'What’s new',
  EVENT: 'Event',
  OFFER: 'Offer',
};

export const googleBusinessActionLabels: Record<GoogleBusinessAction, string> = {
  BOOK: 'Book',
  ORDER: 'Order online',
  SHOP: 'Buy',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  CALL: 'Call now',
};

/** Event and offer titles (Google's post editor: 58 characters; UNCONFIRMED by the API reference). */
export const GOOGLE_BUSINESS_TITLE_MAX = 58;

const webAddress = safeString()
  .trim()
  .max(2048, 'A link can be at most 2,048 characters.')
  .regex(/^https?:\/\/\S+$/i, 'Enter a web address starting with http:// or https://.');

/** The location's wall-clock time, e.g. 2026-12-05T18:30 (an offset, if given, is not used). */
const localDateTime = safeString()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/,
    'Enter a date and time such as 2026-12-05T18:30.',
  )
  .refine((value) => wallClockOf(value) !== null, 'That date or time does not exist.');

export const googleBusinessOptions = z
  .object({
    /** `topicType`: What's new (STANDARD, the default), an Event or an Offer. */
    topic: z
      .enum(googleBusinessTopics, { error: `Choose one of: ${googleBusinessTopics.join(', ')}` })
      .optional(),
    /** Event and Offer: `event.title`. */
    eventTitle: safeString()
      .trim()
      .max(GOOGLE_BUSINESS_TITLE_MAX, `A title can be at most ${GOOGLE_BUSINESS_TITLE_MAX} characters.`)
      .optional(),
    /** Event and Offer: `event.schedule`, the location's local date and time. */
    startsAt: localDateTime.optional(),
    endsAt: localDateTime.optional(),
    /** Offer: `offer.couponCode`, `offer.redeemOnlineUrl`, `offer.termsConditions`. */
    couponCode: safeString().trim().max(58, 'A coupon code can be at most 58 characters.').optional(),
    redeemUrl: webAddress.optional(),
    terms: safeString().trim().max(5000, 'Terms can be at most 5,000 characters.').optional(),
    /** `callToAction.actionType` and its `url` (CALL uses the profile's phone number). */
    action: z
      .enum(googleBusinessActions, { error: `Choose one of: ${googleBusinessActions.join(', ')}` })
      .optional(),
    actionUrl: webAddress.optional(),
  })
  .strict()
  // A contradiction is refused as soon as it is sent; what is still missing (a draft's Event
  // without dates) is refused when the post is scheduled (checkGoogleBusinessPost).
  .superRefine((options, context) => {
    if (endsBeforeStart(options)) {
      context.addIssue({ code: 'custom', message: 'The end must be after the start.', path: ['endsAt'] });
    }
  });
export type GoogleBusinessOptions = z.infer<typeof googleBusinessOptions>;

/** A date-time's wall-clock parts as written (the location's time); null when it is no real date. */
export function wallClockOf(value: string): {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
} | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  if (hours > 23 || minutes > 59) return null;
  return { year, month, day, hours, minutes };
}

const wallClockKey = (value: string) => {
  const parts = wallClockOf(value);
  return parts
    ? parts.year * 1e8 + parts.month * 1e6 + parts.day * 1e4 + parts.hours * 100 + parts.minutes
    : null;
};

function endsBeforeStart(options: Pick<GoogleBusinessOptions, 'startsAt' | 'endsAt'>): boolean {
  const start = options.startsAt ? wallClockKey(options.startsAt) : null;
  const end = options.endsAt ? wallClockKey(options.endsAt) : null;
  return start !== null && end !== null && end <= start;
}

/**
 * What Google would refuse in these options when the post goes out: an Event or Offer without
 * its title and dates, an end before its start, a button without its link. Fields another kind
 * of post does not use (an Offer's coupon on a What's new post, a Call button's link, a button on
 * an Offer, which Google ignores) are left out of the LocalPost, not refused.
 */
export function googleBusinessOptionProblems(options: GoogleBusinessOptions): string[] {
  const problems: string[] = [];
  const topic = options.topic ?? 'STANDARD';
  if (topic === 'EVENT' || topic === 'OFFER') {
    const kind = googleBusinessTopicLabels[topic];
    if (!options.eventTitle) problems.push(`An ${kind} needs a title.`);
    if (!options.startsAt || !options.endsAt) problems.push(`An ${kind} needs a start and an end date.`);
    if (endsBeforeStart(options)) problems.push(`The ${kind} must end after it starts.`);
  }
  if (topic !== 'OFFER' && options.action && options.action !== 'CALL' && !options.actionUrl) {
    problems.push(`Add the link the ${googleBusinessActionLabels[options.action]} button opens.`);
  }
  return problems;
}

/**
 * A phone number in a post's text: Google rejects local posts that contain one ("Phone numbers.
 * Google will reject all posts containing phone numbers", ayrshare.com/docs/apis/post/social-networks/google;
 * Business Profile content policy for posts). Seven to fifteen digits (E.164 allows 15) in one run
 * of digits, spaces, dots, dashes and brackets, with an optional leading +; an ISO date
 * (2026-12-05) or a time range is not one.
 */
export function findPhoneNumber(text: string): string | null {
  const candidates = text.match(/\+?\(?\d[\d\s().-]{5,}\d/g) ?? [];
  for (const candidate of candidates) {
    const trimmed = candidate.trim();
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || /^\d{1,2}[.:]\d{2}\s*-\s*\d{1,2}[.:]\d{2}$/.test(trimmed))
      continue;
    // A plain number with thousands separators (1.500.000, 1,500,000) is a figure, not a phone.
    if (/^\d{1,3}(?:[.,]\d{3})+$/.test(trimmed)) continue;
    return trimmed;
  }
  return null;
}

/** Everything in a post to Google Business Profile that Google would refuse, for the user. */
export function checkGoogleBusinessPost(text: string, options: GoogleBusinessOptions | undefined): string[] {
  const problems = googleBusinessOptionProblems(options ?? {});
  const phone = findPhoneNumber(text);
  if (phone) {
    problems.push(
      `Google rejects posts that contain a phone number (${phone}): remove it, or add a Call now button.`,
    );
  }
  return problems;
}
