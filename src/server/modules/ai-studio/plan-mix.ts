import { DateTime } from 'luxon';
import type { ContentType } from '../../../contracts/content-options';

/*
 * What each planned post is about (issue 30, decision 094), pure. Each offer and each date the user
 * names gets its posts first: one 1–3 days before and one on the day (an offer's first day; an
 * offer without dates gets one post spread through the plan). The rest rotate educational,
 * behind the scenes, inspirational and customer stories, with a promotional one among them while
 * promotional posts stay at most 30 % of the plan, and never the same type twice in a row on a
 * network.
 */

export const MAX_PROMOTIONAL_SHARE = 0.3;
const rotation: ContentType[] = [
  'educational',
  'behind-the-scenes',
  'promotional',
  'inspirational',
  'user-generated',
];

export interface MixSlot {
  network: number;
  plannedAt: Date;
}

export interface MixOccasions {
  offers: { title: string; from?: string; until?: string }[];
  dates: { date: string; label: string }[];
}

export interface MixedSlot {
  contentType: ContentType;
  /** The offer's title or the date's label the post is about. */
  occasion?: string;
}

/** One content type (and maybe an occasion) per slot; `slots` in time order. */
export function mixPlan(slots: MixSlot[], occasions: MixOccasions, timeZone: string): MixedSlot[] {
  const mixed: (MixedSlot | undefined)[] = slots.map(() => undefined);
  const promotionalCap = Math.floor(slots.length * MAX_PROMOTIONAL_SHARE);
  let promotional = 0;
  const dayOf = (slot: MixSlot) => DateTime.fromJSDate(slot.plannedAt, { zone: timeZone }).toISODate() ?? '';
  const daysBetween = (from: string, to: string) =>
    DateTime.fromISO(to, { zone: timeZone }).diff(DateTime.fromISO(from, { zone: timeZone }), 'days').days;
  const claim = (index: number, contentType: ContentType, occasion: string) => {
    const type =
      contentType === 'promotional' && promotional >= promotionalCap ? 'news-updates' : contentType;
    if (type === 'promotional') promotional += 1;
    mixed[index] = { contentType: type, occasion };
  };
  const free = (test: (slot: MixSlot) => boolean) =>
    slots.findIndex((slot, index) => mixed[index] === undefined && test(slot));
  // The day itself, and one 1–3 days before it (the nearest first).
  const around = (day: string, contentType: ContentType, occasion: string) => {
    const onDay = free((slot) => dayOf(slot) === day);
    if (onDay >= 0) claim(onDay, contentType, occasion);
    for (const before of [1, 2, 3]) {
      const index = free((slot) => daysBetween(dayOf(slot), day) === before);
      if (index >= 0) {
        claim(index, contentType, occasion);
        return;
      }
    }
  };
  for (const date of occasions.dates) around(date.date, 'news-updates', date.label);
  occasions.offers.forEach((offer, position) => {
    if (offer.from) {
      around(offer.from, 'promotional', offer.title);
      return;
    }
    // No start: one post inside its window (or, without one, spread through the plan by position).
    const at = Math.floor(((position + 0.5) * slots.length) / Math.max(1, occasions.offers.length));
    const until = offer.until;
    const index = until ? free((slot) => dayOf(slot) <= until) : nearestFree(mixed, at);
    if (index >= 0) claim(index, 'promotional', offer.title);
  });
  // The rest rotate, per network, never repeating the type before it on that network.
  const lastByNetwork = new Map<number, ContentType>();
  let turn = 0;
  return slots.map((slot, index) => {
    const previous = lastByNetwork.get(slot.network);
    let chosen = mixed[index];
    if (!chosen) {
      for (let tries = 0; tries < rotation.length * 2; tries += 1) {
        const type = rotation[turn % rotation.length] as ContentType;
        turn += 1;
        if (type === previous || (type === 'promotional' && promotional >= promotionalCap)) continue;
        if (type === 'promotional') promotional += 1;
        chosen = { contentType: type };
        break;
      }
      chosen ??= { contentType: previous === 'educational' ? 'inspirational' : 'educational' };
    } else if (chosen.contentType === previous) {
      // Two occasion posts in a row on one network: the second one announces instead.
      const other: ContentType = previous === 'news-updates' ? 'promotional' : 'news-updates';
      const type = other === 'promotional' && promotional >= promotionalCap ? 'inspirational' : other;
      if (previous === 'promotional') promotional -= 1;
      if (type === 'promotional') promotional += 1;
      chosen = { ...chosen, contentType: type };
    }
    lastByNetwork.set(slot.network, chosen.contentType);
    return chosen;
  });
}

function nearestFree(mixed: (MixedSlot | undefined)[], at: number): number {
  for (let distance = 0; distance < mixed.length; distance += 1) {
    for (const index of [at + distance, at - distance]) {
      if (index >= 0 && index < mixed.length && mixed[index] === undefined) return index;
    }
  }
  return -1;
}
