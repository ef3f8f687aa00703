import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  type BioPage,
  type BioPageBody,
  bioLinkInput,
  bioPageBody,
  bioPageMessages,
} from '../../../contracts/links';

/*
 * The bio page editor's form: the contract's fields, except that a link's schedule is typed as
 * wall times in the user's zone (`<input type="datetime-local">`, 'YYYY-MM-DDTHH:mm', '' for none)
 * and sent as instants. The zone is the user's setting, not the browser's (architecture §4).
 */

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const wallTime = z.string().refine((value) => value === '' || WALL.test(value), 'Choose a date and a time');

export const bioLinkForm = z
  .object({
    id: bioLinkInput.shape.id,
    title: bioLinkInput.shape.title,
    url: bioLinkInput.shape.url,
    thumbnailMediaId: z.string().nullable(),
    startsAt: wallTime,
    endsAt: wallTime,
  })
  // Wall times of one zone compare as text; the server checks the instants again.
  .refine((link) => !link.startsAt || !link.endsAt || link.endsAt > link.startsAt, {
    message: bioPageMessages.endBeforeStart,
    path: ['endsAt'],
  });
export type BioLinkForm = z.input<typeof bioLinkForm>;

export const bioPageForm = z.object({
  slug: bioPageBody.shape.slug,
  title: bioPageBody.shape.title,
  description: bioPageBody.shape.description,
  showPosts: z.boolean(),
  links: z.array(bioLinkForm).max(50, bioPageMessages.tooManyLinks),
});
export type BioPageFormInput = z.input<typeof bioPageForm>;
export type BioPageFormOutput = z.output<typeof bioPageForm>;

export const emptyBioLink = (): BioLinkForm => ({
  title: '',
  url: '',
  thumbnailMediaId: null,
  startsAt: '',
  endsAt: '',
});

/** An instant as the datetime-local input shows it in `zone`; '' for none. */
export function instantToWall(iso: string | null, zone: string): string {
  if (!iso) return '';
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  return at.isValid ? at.toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

/** The input's wall time in `zone` as a UTC instant; null for none (or an invalid one). */
export function wallToInstant(wall: string, zone: string): string | null {
  if (!WALL.test(wall)) return null;
  const at = DateTime.fromISO(wall, { zone });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** The saved page as the form starts; a workspace without a page starts from its brand name. */
export function toBioForm(page: BioPage | null, zone: string, brandName: string): BioPageFormInput {
  if (!page) return { slug: '', title: brandName, description: '', showPosts: true, links: [] };
  return {
    slug: page.slug,
    title: page.title,
    description: page.description,
    showPosts: page.showPosts,
    links: page.links.map((link) => ({
      id: link.id,
      title: link.title,
      url: link.url,
      thumbnailMediaId: link.thumbnailMediaId,
      startsAt: instantToWall(link.startsAt, zone),
      endsAt: instantToWall(link.endsAt, zone),
    })),
  };
}

/** The checked form as PUT /api/bio-page takes it. */
export function toBioBody(form: BioPageFormOutput, zone: string): BioPageBody {
  return {
    slug: form.slug,
    title: form.title,
    description: form.description,
    showPosts: form.showPosts,
    links: form.links.map((link) => ({
      ...(link.id ? { id: link.id } : {}),
      title: link.title,
      url: link.url,
      thumbnailMediaId: link.thumbnailMediaId,
      startsAt: wallToInstant(link.startsAt, zone),
      endsAt: wallToInstant(link.endsAt, zone),
    })),
  };
}

/** Whether a link shows on the page at `now` (its schedule, as the server decides it). */
export function isLinkLive(link: BioLinkForm, zone: string, now: number = Date.now()): boolean {
  const starts = wallToInstant(link.startsAt, zone);
  const ends = wallToInstant(link.endsAt, zone);
  return (!starts || Date.parse(starts) <= now) && (!ends || now < Date.parse(ends));
}
