import type { DemoPlatform } from '../demo-data';

/** The light chip colours of a platform (calendar posts), readable as text. */
export const platformChip: Record<DemoPlatform, string> = {
  linkedin: 'bg-sky-50 text-sky-900 ring-sky-200',
  instagram: 'bg-pink-50 text-pink-900 ring-pink-200',
  twitter: 'bg-slate-100 text-slate-900 ring-slate-300',
  facebook: 'bg-blue-50 text-blue-900 ring-blue-200',
};

/** A platform's dot colour. */
export const platformDot: Record<DemoPlatform, string> = {
  linkedin: 'bg-sky-600',
  instagram: 'bg-pink-500',
  twitter: 'bg-slate-900',
  facebook: 'bg-blue-600',
};
