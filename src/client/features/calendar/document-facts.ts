import { formatStorageBytes, type Media } from '../../../contracts/media';

/** "1 page", "12 pages": a PDF document's length (unknown while it was never read: no count). */
export function pageCountLabel(pageCount: number | null): string | null {
  if (pageCount === null || pageCount < 1) return null;
  return `${pageCount} page${pageCount === 1 ? '' : 's'}`;
}

/** "PDF · 12 pages · 3.4 MB": what a person needs to know of an attached document at a glance. */
export function documentFacts(item: Pick<Media, 'pageCount' | 'sizeBytes'>): string {
  return ['PDF', pageCountLabel(item.pageCount), formatStorageBytes(item.sizeBytes)]
    .filter((part) => part !== null)
    .join(' · ');
}
