import type { ContentType } from '../../../../contracts/content-options';
import { behindTheScenesCopy } from './copy/behind-the-scenes';
import type { ContentTypeCopy } from './copy/content-type-copy';
import { educationalCopy } from './copy/educational';
import { inspirationalCopy } from './copy/inspirational';
import { newsUpdatesCopy } from './copy/news-updates';
import { promotionalCopy } from './copy/promotional';
import { userGeneratedCopy } from './copy/user-generated';

export const contentTypeCopy: Record<ContentType, ContentTypeCopy> = {
  promotional: promotionalCopy,
  educational: educationalCopy,
  'behind-the-scenes': behindTheScenesCopy,
  'user-generated': userGeneratedCopy,
  inspirational: inspirationalCopy,
  'news-updates': newsUpdatesCopy,
};

/** What a template's `{slot}`s are filled with; an empty slot leaves out its `[...]` or fails the template. */
export type Slots = Readonly<Record<string, string | null | undefined>>;

const slotPattern = /\{(\w+)\}/g;

export function capitalise(text: string): string {
  // 'iPhone cases', 'eBay listings' keep their spelling.
  if (/^\p{Ll}+\p{Lu}/u.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slotValue(slots: Slots, name: string): string | null {
  const key = name.charAt(0).toLowerCase() + name.slice(1);
  const value = slots[key];
  if (!value) return null;
  return /^\p{Lu}/u.test(name) ? capitalise(value) : value;
}

/**
 * Fills a template: `{topic}` takes the slot, `{Topic}` takes it capitalised, and `[...]` is kept
 * only when every slot inside it has a value. Null when a required slot is empty, so the caller
 * picks another template rather than printing a gap.
 */
export function renderTemplate(template: string, slots: Slots): string | null {
  const optional = template.replace(/\[([^\]]*)\]/g, (_, inner: string) => {
    const names = Array.from(inner.matchAll(slotPattern), (match) => match[1] as string);
    return names.every((name) => slotValue(slots, name) !== null) ? inner : '';
  });
  let complete = true;
  const text = optional.replace(slotPattern, (_, name: string) => {
    const value = slotValue(slots, name);
    if (value === null) complete = false;
    return value ?? '';
  });
  return complete ? tidy(text) : null;
}

/** Joins what templates and slots leave behind: doubled spaces, a space before punctuation, '?.'. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/([!?])\./g, '$1')
    .replace(/\.\.(?!\.)/g, '.')
    .trim();
}

/** A post's opening, for telling posts apart: its first five words, lower case, letters and digits only. */
export function openingOf(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .join(' ');
}

/** Whether two openings are the same: equal, or one is a short opening (under five words) the other starts with. */
export function sameOpening(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter !== '' && shorter.split(' ').length < 5 && `${longer} `.startsWith(`${shorter} `);
}
