import { Camera } from 'lucide-react';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import { cn } from '../../../lib/cn';

const tiles: Record<PublishingPlatform, string> = {
  linkedin: 'bg-[#0A66C2]',
  instagram: 'bg-gradient-to-br from-amber-400 via-pink-500 to-purple-600',
  twitter: 'bg-black',
  facebook: 'bg-[#1877F2]',
};

/** A platform's colour tile: decorative, the platform's name is always written next to it. */
export function PlatformMark({
  platform,
  size = 'md',
}: {
  platform: PublishingPlatform;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-black tracking-tight text-white shadow-sm',
        tiles[platform],
        size === 'sm'
          ? 'size-7 rounded-lg text-xs [&_svg]:size-3.5'
          : 'size-9 rounded-xl text-sm [&_svg]:size-4',
      )}
    >
      {platform === 'linkedin' ? 'in' : null}
      {platform === 'facebook' ? 'f' : null}
      {platform === 'twitter' ? 'X' : null}
      {platform === 'instagram' ? <Camera strokeWidth={2.25} /> : null}
    </span>
  );
}
