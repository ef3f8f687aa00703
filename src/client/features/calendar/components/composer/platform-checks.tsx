import { CircleAlert, CircleCheck } from 'lucide-react';
import { type PublishingPlatform, platformLabels } from '../../../../../contracts/platforms';
import { checkPostFits } from '../../../../../contracts/post-text';
import { type PostType, postTypeLabelOf } from '../../../../../contracts/post-types';
import { PlatformMark } from '../../../../components/platform-mark';
import { CharacterCounter } from '../../../content/components/character-counter';

export interface PlatformCheck {
  platform: PublishingPlatform;
  postType: PostType;
  problems: string[];
  /** The accounts' own server's limit and a content warning, where they apply (checkTargets). */
  fit?: { maxLength?: number; extra?: string };
}

interface PlatformChecksProps {
  id: string;
  content: string;
  hashtags: string[];
  checks: PlatformCheck[];
}

/**
 * Per chosen network and post type: the live character count and what would make the network
 * refuse it (checkTargets runs the same checks as the server).
 */
export function PlatformChecks({ id, content, hashtags, checks }: PlatformChecksProps) {
  if (checks.length === 0) {
    return <p className="text-sm text-slate-600">Choose where to post to see each platform's checks.</p>;
  }
  return (
    <ul id={id} aria-label="Checks per platform" className="grid gap-2" aria-live="polite">
      {checks.map(({ platform, postType, problems, fit }) => (
        <li
          key={`${platform} ${postType}`}
          data-platform={platform}
          data-post-type={postType}
          className="grid gap-1.5 rounded-lg border border-slate-200 px-3 py-2"
        >
          <div className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <PlatformMark platform={platform} size="sm" />
              {platformLabels[platform]}
              {postType === 'post' ? null : (
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                  {postTypeLabelOf(platform, postType)}
                </span>
              )}
            </span>
            <CharacterCounter platform={platform} fit={checkPostFits(platform, content, hashtags, fit)} />
          </div>
          {problems.length > 0 ? (
            <ul className="grid gap-1 text-xs font-medium text-red-700">
              {problems.map((problem) => (
                <li key={problem} className="flex gap-1.5">
                  <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>{problem}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-800">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              Ready to publish
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
