import { ImageIcon } from 'lucide-react';
import { Fragment } from 'react';
import { type PublishingPlatform, platformLabels } from '../../../../contracts/platforms';
import { publishedText, xWeightedLength } from '../../../../contracts/post-text';
import { PlatformMark } from '../../../components/platform-mark';

interface PlatformPreviewProps {
  platform: PublishingPlatform;
  content: string;
  hashtags: string[];
  /** Who posts: the brand's name, else the workspace's. */
  author: string;
  imagePrompt?: string | null;
}

const TOKEN = /(#[\p{L}\p{N}_]+|https?:\/\/[^\s]+)/gu;

/** The published text with hashtags and links coloured as the platforms draw them. */
export function Highlighted({ text, colour }: { text: string; colour: string }) {
  const parts = text.split(TOKEN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={index} className={colour}>
            {part}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? 'K') + (words[1]?.[0] ?? '')).toUpperCase();
}

export function handleOf(name: string): string {
  const handle = name.toLowerCase().replace(/[^a-z0-9_]/g, '');
  return `@${handle.slice(0, 15) || 'yourbrand'}`;
}

const subtitle: Record<PublishingPlatform, string> = {
  linkedin: 'Now · Public',
  facebook: 'Just now · Public',
  instagram: 'Original audio',
  twitter: '',
  bluesky: '',
  mastodon: 'Public',
  threads: '',
  pinterest: '',
  linkedin_page: 'Followers · Now',
  youtube: 'Public · Just now',
  tiktok: 'Original sound',
  google_business: 'Update · Just now',
};

/**
 * How the post will read on its platform: the author line and the exact text that is published
 * (content, then hashtags). A sketch, not a pixel copy of any platform.
 */
export function PlatformPreview({ platform, content, hashtags, author, imagePrompt }: PlatformPreviewProps) {
  const text = publishedText(content, hashtags);
  const label = platformLabels[platform];
  const name = author.trim() || 'Your brand';
  const linkColour = platform === 'twitter' ? 'text-sky-700' : 'font-medium text-[#0A66C2]';

  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <PlatformMark platform={platform} size="sm" />
        Preview on {label}
      </figcaption>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <div className="flex items-center gap-2.5 px-3 pt-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-xs font-semibold text-white"
          >
            {initials(name)}
          </span>
          <div className="min-w-0 text-sm leading-tight">
            {platform === 'twitter' ? (
              <p className="truncate">
                <span className="font-bold text-slate-900">{name}</span>{' '}
                <span className="text-slate-500">{handleOf(name)} · now</span>
              </p>
            ) : (
              <>
                <p className="truncate font-semibold text-slate-900">
                  {platform === 'instagram' ? handleOf(name).slice(1) : name}
                </p>
                <p className="truncate text-xs text-slate-500">{subtitle[platform]}</p>
              </>
            )}
          </div>
        </div>
        {platform === 'instagram' ? (
          <div className="mt-3 flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-gradient-to-br from-amber-50 via-pink-50 to-violet-100 px-6 text-center text-xs text-slate-600">
            <ImageIcon className="size-6 text-pink-600" aria-hidden="true" />
            <span className="line-clamp-3 [overflow-wrap:anywhere]">
              {imagePrompt || 'Your photo goes here'}
            </span>
          </div>
        ) : null}
        <p className="px-3 pt-2 pb-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          {platform === 'instagram' ? (
            <span className="mr-1 font-semibold text-slate-900">{handleOf(name).slice(1)}</span>
          ) : null}
          <Highlighted text={text} colour={platform === 'instagram' ? 'text-indigo-900' : linkColour} />
        </p>
        {platform === 'twitter' ? (
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
            X counts this as <span className="font-semibold text-slate-700">{xWeightedLength(text)}</span> of
            280 characters.
          </p>
        ) : null}
      </div>
    </figure>
  );
}
