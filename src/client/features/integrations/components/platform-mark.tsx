import { Camera, Gamepad2, type LucideIcon, Music2, Play } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { PlatformId } from '../content';

interface MarkStyle {
  tile: string;
  /** A letter mark, or an icon where the platform's mark is a picture. */
  glyph: string | LucideIcon;
}

/** Each platform's colour and a simple mark: a recognisable tile, not the trademarked logo. */
const marks: Record<PlatformId, MarkStyle> = {
  facebook: { tile: 'bg-[#1877F2]', glyph: 'f' },
  instagram: { tile: 'bg-gradient-to-br from-amber-400 via-pink-500 to-purple-600', glyph: Camera },
  twitter: { tile: 'bg-black', glyph: 'X' },
  linkedin: { tile: 'bg-[#0A66C2]', glyph: 'in' },
  youtube: { tile: 'bg-[#FF0000]', glyph: Play },
  tiktok: { tile: 'bg-slate-950', glyph: Music2 },
  pinterest: { tile: 'bg-[#E60023]', glyph: 'P' },
  discord: { tile: 'bg-[#5865F2]', glyph: Gamepad2 },
};

/** Decorative: the card around it names the platform. */
export function PlatformMark({ platform, className }: { platform: PlatformId; className?: string }) {
  const { tile, glyph: Glyph } = marks[platform];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-xl text-white shadow-sm',
        tile,
        className,
      )}
    >
      {typeof Glyph === 'string' ? (
        <span className="text-xl leading-none font-black tracking-tight">{Glyph}</span>
      ) : (
        <Glyph className={cn('size-6', Glyph === Play && 'fill-current')} strokeWidth={2.25} />
      )}
    </span>
  );
}
