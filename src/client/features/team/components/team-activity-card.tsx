import { Activity } from 'lucide-react';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { useActivity } from '../../dashboard/api/get-activity';
import { ActivityRow } from '../../dashboard/components/team-activity';
import { TeamCard } from './team-card';

/** More than the dashboard's eight: the team page is where the whole story is read. */
const ACTIVITY_SHOWN = 15;

/**
 * The workspace's activity feed (GET /api/activity). The dashboard's section links back here
 * ('Manage team'), so the team page draws its own card, with the dashboard's rows.
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
            <ActivityRow key={entry.id} entry={entry} zone={zone} className="px-5 py-3 sm:px-6" />
          ))}
        </ul>
      )}
    </TeamCard>
  );
}
