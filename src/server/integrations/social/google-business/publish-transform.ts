import { type GoogleBusinessOptions, wallClockOf } from '../../../../contracts/google-business';
import { InvalidContentError, type PublishInput } from '../social-provider';

/*
 * A post as a v4 `LocalPost` (developers.google.com/my-business/reference/rest/v4/
 * accounts.locations.localPosts; decision 090). Pure; tested in transform.test.ts.
 */

interface GoogleDate {
  year: number;
  month: number;
  day: number;
}
interface GoogleTimeOfDay {
  hours: number;
  minutes: number;
  seconds: number;
  nanos: number;
}

export interface LocalPostPayload {
  languageCode: string;
  summary: string;
  topicType: 'STANDARD' | 'EVENT' | 'OFFER';
  callToAction?: { actionType: string; url?: string };
  media?: { mediaFormat: 'PHOTO'; sourceUrl: string }[];
  event?: {
    title: string;
    schedule: {
      startDate: GoogleDate;
      startTime: GoogleTimeOfDay;
      endDate: GoogleDate;
      endTime: GoogleTimeOfDay;
    };
  };
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
}

function dateAndTime(value: string): { date: GoogleDate; time: GoogleTimeOfDay } {
  const parts = wallClockOf(value);
  if (!parts) throw new InvalidContentError('google_business', `Not a date and time: ${value}`);
  return {
    date: { year: parts.year, month: parts.month, day: parts.day },
    time: { hours: parts.hours, minutes: parts.minutes, seconds: 0, nanos: 0 },
  };
}

/**
 * The LocalPost: `summary` is the text; `languageCode` "en" (Postiz sends the same; Kitepost
 * keeps no post language); one photo by `sourceUrl` (the only data field a LocalPost MediaItem
 * takes); for an Event or Offer `event` {title, schedule} in the location's wall-clock time; an
 * Offer's `offer`; a button as `callToAction` except on an Offer, where Google ignores it, and
 * without a url for CALL. What the publish checks refuse (a missing title, a button without its
 * link, a video) is refused here too, as InvalidContentError, so nothing half-made is sent.
 */
export function toLocalPostPayload(input: PublishInput): LocalPostPayload {
  const options: GoogleBusinessOptions = input.options?.googleBusiness ?? {};
  const topicType = options.topic ?? 'STANDARD';
  if (input.media.some((item) => item.kind !== 'image')) {
    throw new InvalidContentError(
      'google_business',
      'Google Business Profile posts take a photo, not a video, through the API.',
    );
  }
  if (input.media.length > 1) {
    throw new InvalidContentError('google_business', 'A Google Business Profile post takes one photo.');
  }
  const payload: LocalPostPayload = { languageCode: 'en', summary: input.text, topicType };
  const [photo] = input.media;
  if (photo) payload.media = [{ mediaFormat: 'PHOTO', sourceUrl: photo.url }];
  if (topicType === 'EVENT' || topicType === 'OFFER') {
    if (!options.eventTitle || !options.startsAt || !options.endsAt) {
      throw new InvalidContentError(
        'google_business',
        `An ${topicType.toLowerCase()} needs a title, a start and an end.`,
      );
    }
    const start = dateAndTime(options.startsAt);
    const end = dateAndTime(options.endsAt);
    payload.event = {
      title: options.eventTitle,
      schedule: { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time },
    };
  }
  if (topicType === 'OFFER') {
    const offer = {
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
      ...(options.redeemUrl ? { redeemOnlineUrl: options.redeemUrl } : {}),
      ...(options.terms ? { termsConditions: options.terms } : {}),
    };
    if (Object.keys(offer).length > 0) payload.offer = offer;
  } else if (options.action) {
    if (options.action !== 'CALL' && !options.actionUrl) {
      throw new InvalidContentError('google_business', 'The button needs the link it opens.');
    }
    payload.callToAction =
      options.action === 'CALL'
        ? { actionType: 'CALL' }
        : { actionType: options.action, url: options.actionUrl as string };
  }
  return payload;
}
