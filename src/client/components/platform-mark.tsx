import { Camera, Gamepad2, type LucideIcon, Music2, Play } from 'lucide-react';
import type { SocialPlatform } from '../../contracts/platforms';
import { cn } from '../lib/cn';

/** Every platform the app draws a mark for: the spec's platforms and Discord (integrations page). */
export type MarkPlatform = SocialPlatform | 'discord';

interface MarkStyle {
  tile: string;
  /** A letter mark, or an icon where the platform's mark is a picture. */
  glyph: string | LucideIcon;
}

/**
 * Each platform's primary brand colour from its own brand guidelines, and a simple glyph: a
 * recognisable tile, not the trademarked logo (the guidelines forbid redrawing those).
 * - LinkedIn Blue #0A66C2: https://brand.linkedin.com/visual-identity/color-palettes
 * - Facebook Blue #0866FF (the 2023 refresh; #1877F2 was the old blue):
 *   https://about.meta.com/brand/resources/facebook/logo/
 * - Instagram's gradient, yellow to violet from the lower left: https://about.instagram.com/brand/gradient
 * - X is black and white only: https://about.x.com/en/who-we-are/brand-toolkit
 * - YouTube Red #FF0000: https://www.youtube.com/howyoutubeworks/resources/brand-resources/
 * - TikTok's mark sits on black: https://www.tiktok.com/about/brand-guidelines
 * - Pinterest Red #E60023: https://business.pinterest.com/brand-guidelines/
 * - Discord Blurple #5865F2: https://discord.com/branding
 * - Bluesky blue #1185FE: https://bsky.social/about/press (press kit)
 * - Mastodon #6364FF: https://joinmastodon.org/branding
 * - Threads is black and white: https://about.meta.com/brand/resources/threads/
 * - A LinkedIn Page uses LinkedIn's tile (its name says it is the Page).
 * - Google Blue #4285F4: https://about.google/brand-resource-center/ (a letter, not the logo)
 */
const marks: Record<MarkPlatform, MarkStyle> = {
  linkedin: { tile: 'bg-[#0A66C2]', glyph: 'in' },
  facebook: { tile: 'bg-[#0866FF]', glyph: 'f' },
  instagram: {
    tile: 'bg-[linear-gradient(45deg,#FFD600,#FF7A00,#FF0069,#D300C5,#7638FA)]',
    glyph: Camera,
  },
  twitter: { tile: 'bg-black', glyph: 'X' },
  youtube: { tile: 'bg-[#FF0000]', glyph: Play },
  tiktok: { tile: 'bg-black', glyph: Music2 },
  pinterest: { tile: 'bg-[#E60023]', glyph: 'P' },
  discord: { tile: 'bg-[#5865F2]', glyph: Gamepad2 },
  bluesky: { tile: 'bg-[#1185FE]', glyph: 'b' },
  mastodon: { tile: 'bg-[#6364FF]', glyph: 'M' },
  threads: { tile: 'bg-black', glyph: '@' },
  linkedin_page: { tile: 'bg-[#0A66C2]', glyph: 'in' },
  google_business: { tile: 'bg-[#4285F4]', glyph: 'G' },
};

const sizes = {
  /** Inside a calendar chip, beside one line of small text. */
  xs: 'size-4 rounded text-[9px] [&_svg]:size-2.5',
  sm: 'size-7 rounded-lg text-xs shadow-sm [&_svg]:size-3.5',
  md: 'size-9 rounded-xl text-sm shadow-sm [&_svg]:size-4',
  lg: 'size-12 rounded-xl text-xl shadow-sm [&_svg]:size-6',
} as const;

/**
 * A platform's colour tile. Decorative: the platform's name is always written next to it (or in
 * an sr-only label), so it is hidden from assistive technology.
 */
export function PlatformMark({
  platform,
  size = 'md',
  className,
}: {
  platform: MarkPlatform;
  size?: keyof typeof sizes;
  /** Placement only (margins); the size comes from `size`, since `cn` does not merge classes. */
  className?: string;
}) {
  const { tile, glyph: Glyph } = marks[platform];
  return (
    <span
      aria-hidden="true"
      data-platform-mark={platform}
      className={cn(
        'inline-flex shrink-0 items-center justify-center leading-none font-black tracking-tight text-white',
        tile,
        sizes[size],
        className,
      )}
    >
      {typeof Glyph === 'string' ? (
        Glyph
      ) : (
        <Glyph className={cn(Glyph === Play && 'fill-current')} strokeWidth={2.25} />
      )}
    </span>
  );
}
