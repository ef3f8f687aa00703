import { useState } from 'react';
import { type PublishingPlatform, platformLabels } from '../../../../../contracts/platforms';
import { cn } from '../../../../lib/cn';
import { PlatformPreview } from '../../../content/components/platform-preview';

interface ComposerPreviewProps {
  platforms: PublishingPlatform[];
  content: string;
  hashtags: string[];
  author: string;
  imageCount: number;
}

/** How the post reads on each chosen platform, one at a time. */
export function ComposerPreview({ platforms, content, hashtags, author, imageCount }: ComposerPreviewProps) {
  const [picked, setPicked] = useState<PublishingPlatform | null>(null);
  const shown = picked && platforms.includes(picked) ? picked : platforms[0];
  if (!shown) return null;
  return (
    <div className="grid gap-2">
      {platforms.length > 1 ? (
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">Preview platform</legend>
          {platforms.map((platform) => (
            <button
              key={platform}
              type="button"
              aria-pressed={platform === shown}
              onClick={() => setPicked(platform)}
              className={cn(
                'rounded-md px-2 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                platform === shown
                  ? 'bg-indigo-600 text-white'
                  : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {platformLabels[platform]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <PlatformPreview
        platform={shown}
        content={content}
        hashtags={hashtags}
        author={author}
        imagePrompt={imageCount > 0 ? `${imageCount} image${imageCount === 1 ? '' : 's'} attached` : null}
      />
    </div>
  );
}
