import {
  type PlatformRules,
  type PublishingPlatform,
  platformLabels,
  platformRules,
} from '../../../../contracts/platforms';
import type { PostFit } from '../../../../contracts/post-text';
import { cn } from '../../../lib/cn';

interface CharacterCounterProps {
  platform: PublishingPlatform;
  fit: PostFit;
  /** Say what is wrong under the count (the editor), or only colour it (a card at rest). */
  explain?: boolean;
  id?: string;
}

const countingExplained: Record<PlatformRules['counting'], (max: number, label: string) => string> = {
  'x-weighted': () => 'Characters as X counts them: emoji and some scripts count 2, every link 23.',
  'linkedin-escaped': (max) =>
    `Characters as LinkedIn counts them, of the ${max} it allows: symbols such as ( ) * _ @ count 2 (LinkedIn receives them escaped), and so do emoji.`,
  graphemes: (max, label) =>
    `Characters as ${label} counts them, of the ${max} it allows: an emoji counts 1, whatever it is made of.`,
  mastodon: (max) =>
    `Characters as Mastodon counts them, of the ${max} your server allows: every link counts 23, and @name@server counts as @name.`,
  'code-points': (max, label) => `Characters, hashtags included, of the ${max} ${label} allows.`,
};

/** 'N / max' as the platform counts (X weighs emoji and links); red, with a reason, when over. */
export function CharacterCounter({ platform, fit, explain = false, id }: CharacterCounterProps) {
  const over = fit.length - fit.max;
  const label = platformLabels[platform];
  const counting = platformRules[platform].counting;
  return (
    <div id={id} className="grid gap-0.5 text-xs">
      <p
        className={cn('font-medium tabular-nums', fit.fits ? 'text-slate-600' : 'font-semibold text-red-700')}
        title={countingExplained[counting](fit.max, label)}
      >
        <span className="sr-only">Length: </span>
        {fit.length} / {fit.max}
      </p>
      {explain ? (
        <div aria-live="polite" className="grid gap-0.5 font-medium text-red-700">
          {fit.fits ? null : (
            <p>
              Too long for {label}: remove {over} {over === 1 ? 'character' : 'characters'}.
            </p>
          )}
          {fit.tooManyHashtags ? (
            <p>
              {label} takes at most {platformRules[platform].maxHashtags} hashtags: remove some.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
