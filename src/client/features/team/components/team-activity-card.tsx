import { Activity, Sparkles } from 'lucide-react';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { useActivity } from '../../dashboard/api/get-activity';
import { formatFullTime, formatRelativeTime } from '../../notifications/relative-time';
import { initialsOf } from '../../social-accounts/format';
import { TeamCard } from './team-card';

/** More than the dashboard's eight: the team page is where the whole story is read. */
const ACTIVITY_SHOWN = 15;

/**
 * The workspace's activity feed (GET /api/activity). The dashboard's own component links back
 * here ('Manage team'), so the team page draws its own list from the same query.
 */
export function TeamActivityCard({ zone }: { zone: string }) {
  const activity = useActivity(ACTIVITY_SHOWN);
  return (
    <TeamCard id="team-activity" title="Activity" description="What the team did lately, newest first.">
      {activity.isPending ? (
        <ul className="grid gap-3" aria-label="Loading activity">
          {[0, 1, 2].map((row) => (
            <li key={row} className="flex animate-pulse items-center gap-3">
              <span className="size-8 rounded-full bg-slate-100" />
              <span className="h-3 flex-1 rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      ) : activity.isError ? (
        <QueryFailureCard title="Activity could not be loaded" query={activity} />
      ) : activity.data.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
          <Activity className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
          <p className="text-sm text-slate-600">
            Nothing yet. Invitations, role changes, approvals and published posts show up here for everyone.
          </p>
        </div>
      ) : (
        <ul className="-mx-5 divide-y divide-slate-100 sm:-mx-6">
          {activity.data.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 px-5 py-3 sm:px-6">
              <span
                aria-hidden="true"
                className={
                  entry.actorName
                    ? 'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700'
                    : 'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600'
                }
              >
                {entry.actorName ? initialsOf(entry.actorName) : <Sparkles className="size-4" />}
              </span>
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{entry.summary}</p>
                <p className="text-xs text-slate-500">
                  {entry.actorName ?? 'Kitepost'} ·{' '}
                  <time dateTime={entry.createdAt} title={formatFullTime(entry.createdAt, zone)}>
                    {formatRelativeTime(entry.createdAt, new Date(), zone)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </TeamCard>
  );
}
