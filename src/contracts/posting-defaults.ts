import type { PostingSlot } from './analytics';
import type { PublishingPlatform } from './platforms';

/*
 * Each platform's general best times to post, as widely published by social-media schedulers'
 * yearly studies (weekday working hours; LinkedIn mid-week mornings; Instagram around lunch).
 * They describe audiences in general, not an account's followers: the advice to start from until
 * an account has enough measured posts of its own (server/modules/best-times).
 *
 * The hours are the audience's local hours, so they are read in the user's time zone. `label` is
 * what the generator shows; `slots` are the same advice as whole hours (8–10 AM is 8 and 9 AM).
 */
export interface PlatformPostingDefault {
  label: string;
  /** In week order: a general pattern ranks none of its hours above another. */
  slots: PostingSlot[];
}

const TUESDAY_TO_THURSDAY = [2, 3, 4];
const WEEKDAYS = [1, 2, 3, 4, 5];
const WEDNESDAY_TO_FRIDAY = [3, 4, 5];

/** Every (weekday, hour) of the given weekdays and hours, in week order. */
function slotsOf(weekdays: number[], hours: number[]): PostingSlot[] {
  return weekdays.flatMap((weekday) => hours.map((hour) => ({ weekday, hour })));
}

export const platformPostingDefaults: Record<PublishingPlatform, PlatformPostingDefault> = {
  linkedin: { label: 'Tue–Thu, 8–10 AM', slots: slotsOf(TUESDAY_TO_THURSDAY, [8, 9]) },
  instagram: { label: 'Mon–Fri, 11 AM–1 PM', slots: slotsOf(WEEKDAYS, [11, 12]) },
  twitter: { label: 'Weekdays, 9 AM–12 PM', slots: slotsOf(WEEKDAYS, [9, 10, 11]) },
  facebook: { label: 'Wed–Fri, 9 AM–1 PM', slots: slotsOf(WEDNESDAY_TO_FRIDAY, [9, 10, 11, 12]) },
  // The open networks read like X (weekday mornings); Threads like Instagram, its parent;
  // Pinterest is planned in the evening and at weekends; a LinkedIn Page like LinkedIn.
  bluesky: { label: 'Weekdays, 9 AM–12 PM', slots: slotsOf(WEEKDAYS, [9, 10, 11]) },
  mastodon: { label: 'Weekdays, 9 AM–12 PM', slots: slotsOf(WEEKDAYS, [9, 10, 11]) },
  threads: { label: 'Mon–Fri, 11 AM–1 PM', slots: slotsOf(WEEKDAYS, [11, 12]) },
  pinterest: { label: 'Fri–Sun, 8–10 PM', slots: slotsOf([5, 6, 7], [20, 21]) },
  linkedin_page: { label: 'Tue–Thu, 8–10 AM', slots: slotsOf(TUESDAY_TO_THURSDAY, [8, 9]) },
  // Issue 28: video is watched after work and at weekends; a local business is looked up in the
  // morning before people set out.
  youtube: { label: 'Thu–Sun, 3–5 PM', slots: slotsOf([4, 5, 6, 7], [15, 16]) },
  tiktok: { label: 'Tue–Thu, 6–9 PM', slots: slotsOf(TUESDAY_TO_THURSDAY, [18, 19, 20]) },
  google_business: { label: 'Mon–Fri, 8–10 AM', slots: slotsOf(WEEKDAYS, [8, 9]) },
};
