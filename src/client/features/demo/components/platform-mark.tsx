import { Bird, Camera } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { DemoPlatform } from '../demo-data';

const tiles: Record<DemoPlatform, string> = {
  linkedin: 'bg-sky-700',
  instagram: 'bg-gradient-to-br from-amber-500 via-pink-600 to-violet-600',
  twitter: 'bg-slate-900',
  facebook: 'bg-blue-600',
};

/** A platform's colour tile (decorative: the platform's name is always written next to it). */
export function PlatformMark({
  platform,
  size = 'md',
}: {
  platform: DemoPlatform;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-bold text-white shadow-sm',
        tiles[platform],
        size === 'sm' && 'size-7 rounded-lg text-xs [&_svg]:size-3.5',
        size === 'md' && 'size-9 rounded-xl text-sm [&_svg]:size-4',
        size === 'lg' && 'size-12 rounded-2xl text-lg [&_svg]:size-6',
      )}
    >
      {platform === 'linkedin' ? 'in' : null}
      {platform === 'facebook' ? 'f' : null}
      {platform === 'instagram' ? <Camera /> : null}
      {platform === 'twitter' ? <Bird /> : null}
    </span>
  );
}

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
