import { useState } from 'react';
import { type PublishingPlatform, platformLabels } from '../../../../../contracts/platforms';
import { type PostType, postTypeLabelOf } from '../../../../../contracts/post-types';
import { cn } from '../../../../lib/cn';
import { NetworkPreview, type PreviewPost } from './network-preview';

interface ComposerPreviewProps {
  /** Each chosen network with its post type, once. */
  kinds: { platform: PublishingPlatform; postType: PostType }[];
  post: PreviewPost;
  author: string;
}

const kindKey = (kind: { platform: PublishingPlatform; postType: PostType }) =>
  `${kind.platform} ${kind.postType}`;

/** How the post looks on each chosen network and post type, one at a time. */
export function ComposerPreview({ kinds, post, author }: ComposerPreviewProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const shown = kinds.find((kind) => kindKey(kind) === picked) ?? kinds[0];
  if (!shown) return null;
  const several = (platform: PublishingPlatform) =>
    kinds.filter((kind) => kind.platform === platform).length > 1;
  return (
    <div className="grid gap-2">
      {kinds.length > 1 ? (
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">Preview platform</legend>
          {kinds.map((kind) => (
            <button
              key={kindKey(kind)}
              type="button"
              aria-pressed={kind === shown}
              onClick={() => setPicked(kindKey(kind))}
              className={cn(
                'rounded-md px-2 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                kind === shown
                  ? 'bg-indigo-600 text-white'
                  : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {platformLabels[kind.platform]}
              {several(kind.platform) || kind.postType !== 'post'
                ? ` ${postTypeLabelOf(kind.platform, kind.postType)}`
                : ''}
            </button>
          ))}
        </fieldset>
      ) : null}
      <NetworkPreview platform={shown.platform} postType={shown.postType} post={post} author={author} />
    </div>
  );
}
