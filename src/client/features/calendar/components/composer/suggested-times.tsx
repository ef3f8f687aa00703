import { Sparkles } from 'lucide-react';
import { platformLabels } from '../../../../../contracts/platforms';
import type { ComposePostBody } from '../../../../../contracts/posts';
import type { SocialAccount } from '../../../../../contracts/social-accounts';
import { cn } from '../../../../lib/cn';
import { useBestTimes } from '../../api/get-best-times';
import { adviceFor, describeAdvice, nextSuggestedTimes } from '../../suggested-times';
import { formatDayInZone, formatTimeInZone, type WallTime } from '../../zoned-time';

interface SuggestedTimesProps {
  id: string;
  /** The composer's chosen targets; nothing is suggested before one is chosen. */
  targets: ComposePostBody['targets'];
  accounts: SocialAccount[] | undefined;
  zone: string;
  /** The time in the fields, to show which suggestion (if any) is chosen. */
  value: WallTime;
  onPick: (wall: WallTime) => void;
}

/**
 * 'Suggested times': the next moments the chosen accounts' best slots come round (their own
 * history, else their platform's general pattern), as buttons that fill in the date and time.
 */
export function SuggestedTimes({ id, targets, accounts, zone, value, onPick }: SuggestedTimesProps) {
  const withAccount = targets.some((target) => target.socialAccountId !== null);
  const bestTimes = useBestTimes(zone, withAccount);
  if (targets.length === 0) return null;

  const noteId = `${id}-note`;
  if (withAccount && bestTimes.isPending) {
    return (
      <p id={id} className="text-xs text-slate-600" aria-live="polite">
        Finding good times for these accounts…
      </p>
    );
  }

  const names = new Map(
    (accounts ?? []).map((account) => [account.id, account.displayName || account.username]),
  );
  const advice = adviceFor(targets, bestTimes.data, names);
  const times = nextSuggestedTimes(advice, zone, new Date());
  if (times.length === 0) return null;
  const manyPlatforms = new Set(advice.map((target) => target.platform)).size > 1;

  return (
    <fieldset id={id} aria-describedby={noteId} className="grid gap-2">
      <legend className="mb-2 flex items-center gap-1.5 text-xs font-medium text-slate-700">
        <Sparkles className="size-3.5 shrink-0 text-indigo-600" aria-hidden="true" />
        Suggested times
      </legend>
      <ul className="grid grid-cols-3 gap-2">
        {times.map((time) => {
          const chosen = time.wall.date === value.date && time.wall.time === value.time;
          const forWhom = time.platforms.map((platform) => platformLabels[platform]).join(' and ');
          return (
            <li key={time.iso} className="min-w-0">
              <button
                type="button"
                aria-pressed={chosen}
                title={manyPlatforms ? `A good time for ${forWhom}` : undefined}
                onClick={() => onPick(time.wall)}
                className={cn(
                  'grid h-full w-full min-w-0 gap-0.5 rounded-lg border px-1 py-1.5 text-center text-xs transition-colors focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none',
                  chosen
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:border-indigo-400 hover:bg-indigo-50',
                )}
              >
                <span className="font-semibold">{formatDayInZone(time.iso, zone)}</span>
                <span className={chosen ? 'text-indigo-100' : 'text-slate-600'}>
                  {formatTimeInZone(time.iso, zone)}
                </span>
                {manyPlatforms ? <span className="sr-only">, a good time for {forWhom}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <p id={noteId} className="text-xs text-slate-600">
        {describeAdvice(advice)}
      </p>
    </fieldset>
  );
}
