import { Activity, Sparkles, Users } from 'lucide-react';
import type { ActivityEntry } from '../../../../contracts/analytics';
import { paths } from '../../../app/paths';
import { RelativeTime } from '../../notifications/components/relative-time';
import { initialsOf } from '../../social-accounts/format';
import { useActivity } from '../api/get-activity';
import { DashboardSection, EmptyList } from './dashboard-section';

export const TEAM_ACTIVITY_SHOWN = 8;

/** Spec §2: the workspace's real activity feed, newest first, and the way to the team page. */
export function TeamActivity({ zone }: { zone: string }) {
  const activity = useActivity(TEAM_ACTIVITY_SHOWN);
  return (
    <DashboardSection
      titleId="team-activity-title"
      title="Team Activity"
      link={{ href: paths.team, label: 'Manage team', icon: Users }}
      query={activity}
      failureTitle="Team activity could not be loaded"
      empty={
        <EmptyList
          icon={Activity}
          title="No activity yet"
          text="Generating, scheduling and publishing posts, and connecting accounts, show up here for the whole team."
        />
      }
    >
      {(entries) => entries.map((entry) => <ActivityRow key={entry.id} entry={entry} zone={zone} />)}
    </DashboardSection>
  );
}

/** One entry of the feed (also drawn by the team page's Activity card). */
export function ActivityRow({
  entry,
  zone,
  className = 'px-4 py-3',
}: {
  entry: ActivityEntry;
  zone: string;
  className?: string;
}) {
  return (
    <li className={`flex items-start gap-3 ${className}`}>
      {entry.actorName ? (
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
        >
          {initialsOf(entry.actorName)}
        </span>
      ) : (
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600"
        >
          <Sparkles className="size-4" />
        </span>
      )}
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{entry.summary}</p>
        <p className="text-xs text-slate-500">
          {entry.actorName ?? 'Kitepost'} · <RelativeTime at={entry.createdAt} timeZone={zone} />
        </p>
      </div>
    </li>
  );
}
