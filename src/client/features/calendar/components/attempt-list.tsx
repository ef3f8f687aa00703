import type { AttemptOutcome, PublishAttempt, PublishErrorKind } from '../../../../contracts/publishing';
import { cn } from '../../../lib/cn';
import { formatDateTimeInZone } from '../zoned-time';

const outcomeLabels: Record<AttemptOutcome, string> = {
  started: 'In progress',
  published: 'Published',
  retrying: 'Failed, retrying',
  failed: 'Failed',
  unknown: 'Outcome unknown',
  reconciled: 'Published (confirmed later)',
  missed: 'Missed',
};

const outcomeClasses: Record<AttemptOutcome, string> = {
  started: 'text-indigo-800',
  published: 'text-emerald-800',
  reconciled: 'text-emerald-800',
  retrying: 'text-amber-800',
  unknown: 'text-amber-800',
  failed: 'text-red-700',
  missed: 'text-red-700',
};

const errorKindLabels: Record<PublishErrorKind, string> = {
  rate_limited: 'Rate limited',
  server_error: 'Platform error',
  network: 'Network',
  token_expired: 'Access expired',
  needs_reauth: 'Needs reconnecting',
  invalid_content: 'Refused content',
  unknown_outcome: 'No answer',
  no_account: 'No account',
  missed: 'Missed',
  worker_lost: 'Interrupted',
  platform_error: 'Platform error',
};

/** Every publishing attempt of a post, oldest first: when, how it ended, and why. */
export function AttemptList({
  attempts,
  zone,
  waiting,
}: {
  attempts: PublishAttempt[];
  zone: string;
  /** The post is still to go out (so no attempt is expected yet). */
  waiting: boolean;
}) {
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        {waiting ? 'No attempts yet: Kitepost tries when the post is due.' : 'No attempts recorded.'}
      </p>
    );
  }
  return (
    <ol className="grid gap-2">
      {attempts.map((attempt) => (
        <li key={attempt.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <span className="font-medium text-slate-900">
              Attempt {attempt.attemptNumber}:{' '}
              <span className={cn('font-semibold', outcomeClasses[attempt.outcome])}>
                {outcomeLabels[attempt.outcome]}
              </span>
            </span>
            <time dateTime={attempt.startedAt} className="text-xs text-slate-600">
              {formatDateTimeInZone(attempt.startedAt, zone)}
            </time>
          </div>
          {attempt.errorKind || attempt.message ? (
            <p className="mt-1 text-xs text-slate-700 [overflow-wrap:anywhere]">
              {attempt.errorKind ? (
                <span className="mr-1.5 rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-800">
                  {errorKindLabels[attempt.errorKind]}
                </span>
              ) : null}
              {attempt.message}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
