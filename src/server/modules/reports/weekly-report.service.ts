import { DateTime } from 'luxon';
import type { AnalyticsOverview } from '../../../contracts/analytics';
import { linksByPlan } from '../../../contracts/links';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { listAnalyticsPosts, loadAnalyticsOverview, loadVisitNumbers } from '../analytics';
import { userZoneOrUtc } from '../best-times';
import { findWorkspacePlan } from '../plans';
import {
  claimWeeklyReport,
  listSentWeeklyReports,
  listWeeklyReportRecipients,
  releaseWeeklyReport,
  reportKeyOf,
  type WeeklyReportKey,
  type WeeklyReportRecipient,
  workspaceWasActive,
} from './weekly-report.repository';
import { composeWeeklyReportEmail, type WeekNumbers } from './weekly-report-email';

/*
 * The weekly report (issue 9 §6): on Monday from 08:00 in the user's zone, last week's numbers of
 * each workspace they belong to, by email. The job runs hourly; a report is claimed in
 * weekly_reports_sent before it is sent, so reruns and other processes never send it twice.
 */

/** Reports go out from this hour on Monday, in the user's zone, until the day ends. */
export const WEEKLY_REPORT_HOUR = 8;

export interface ReportWeek {
  /** The reported Monday and Sunday (YYYY-MM-DD) in the zone. */
  weekStart: string;
  weekEnd: string;
  /** The week as instants [start, end). */
  start: Date;
  end: Date;
}

/**
 * The week whose report is due at `now` for someone in `zone`: the previous Monday–Sunday once it
 * is Monday 08:00 there; null on any other hour. A Monday missed entirely (the job did not run) is
 * not made up later in the week: a report about last week arriving on Friday helps nobody.
 */
export function dueReportWeek(now: Date, zone: string): ReportWeek | null {
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid || local.weekday !== 1 || local.hour < WEEKLY_REPORT_HOUR) return null;
  const thisMonday = local.startOf('day');
  const monday = thisMonday.minus({ weeks: 1 });
  return {
    weekStart: monday.toISODate() ?? '',
    weekEnd: thisMonday.minus({ days: 1 }).toISODate() ?? '',
    start: monday.toJSDate(),
    end: thisMonday.toJSDate(),
  };
}

export interface WeeklyReportOutcome {
  sent: number;
  /** Due, but the workspace had no account and published nothing that week. */
  quiet: number;
  /** Sending failed; the claim was given back for the next run. */
  failed: number;
}

/** Sends every report due at `now` that has not gone out yet. */
export async function sendWeeklyReports(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>,
  now: Date = new Date(),
): Promise<WeeklyReportOutcome> {
  const due: Array<{ recipient: WeeklyReportRecipient; zone: string; week: ReportWeek }> = [];
  for (const recipient of await listWeeklyReportRecipients(ctx.database.db)) {
    const zone = userZoneOrUtc(recipient.timezone);
    const week = dueReportWeek(now, zone);
    if (week) due.push({ recipient, zone, week });
  }
  const outcome: WeeklyReportOutcome = { sent: 0, quiet: 0, failed: 0 };
  if (due.length === 0) return outcome;

  const sent = await listSentWeeklyReports(ctx.database.db, [
    ...new Set(due.map((item) => item.week.weekStart)),
  ]);
  for (const { recipient, zone, week } of due) {
    const key: WeeklyReportKey = {
      userId: recipient.userId,
      workspaceId: recipient.workspaceId,
      weekStart: week.weekStart,
    };
    if (sent.has(reportKeyOf(key))) continue;
    if (!(await workspaceWasActive(ctx.database.db, recipient.workspaceId, week))) {
      outcome.quiet += 1;
      continue;
    }
    if (!(await claimWeeklyReport(ctx.database.db, key))) continue;
    try {
      await ctx.mail.send(await buildWeeklyReport(ctx, recipient, zone, week));
      outcome.sent += 1;
    } catch (error) {
      await releaseWeeklyReport(ctx.database.db, key);
      outcome.failed += 1;
      ctx.log.warn(
        {
          err: error,
          userId: recipient.userId,
          workspaceId: recipient.workspaceId,
          weekStart: week.weekStart,
        },
        'weekly report not sent; the next run tries again',
      );
    }
  }
  return outcome;
}

function numbersOf(overview: AnalyticsOverview): WeekNumbers {
  const { posts, impressions, reach, engagements, engagementRate, followerChange } = overview.totals;
  return { posts, impressions, reach, engagements, engagementRate, followerChange };
}

/**
 * The week's visits and the week before's, only on plans with click analytics (issue 29): a plan
 * without them is not told numbers its screens do not show. Null: not included.
 */
async function visitsOf(
  db: Db,
  view: { workspaceId: string; from: string; to: string; timeZone: string },
  before: typeof view,
) {
  const plan = await findWorkspacePlan(db, view.workspaceId);
  if (!plan || !linksByPlan[plan].clickAnalytics) return null;
  const [week, previous] = await Promise.all([loadVisitNumbers(db, view), loadVisitNumbers(db, before)]);
  return { week, previous };
}

async function buildWeeklyReport(
  ctx: Pick<AppContext, 'database' | 'config'>,
  recipient: WeeklyReportRecipient,
  zone: string,
  week: ReportWeek,
) {
  const view = { workspaceId: recipient.workspaceId, from: week.weekStart, to: week.weekEnd, timeZone: zone };
  const before = DateTime.fromISO(week.weekStart).minus({ weeks: 1 });
  const weekBefore = {
    ...view,
    from: before.toISODate() ?? week.weekStart,
    to: before.plus({ days: 6 }).toISODate() ?? week.weekEnd,
  };
  const [overview, previous, [top], visits] = await Promise.all([
    loadAnalyticsOverview(ctx.database.db, view),
    loadAnalyticsOverview(ctx.database.db, weekBefore),
    listAnalyticsPosts(ctx.database.db, { ...view, sort: 'engagements', limit: 1 }),
    visitsOf(ctx.database.db, view, weekBefore),
  ]);
  return composeWeeklyReportEmail({
    to: recipient.email,
    firstName: recipient.firstName,
    workspaceName: recipient.workspaceName,
    weekStart: week.weekStart,
    weekEnd: week.weekEnd,
    timeZone: zone,
    week: numbersOf(overview),
    previous: numbersOf(previous),
    topPost:
      top && top.engagements !== null
        ? { content: top.content, platform: top.platform, engagements: top.engagements, url: top.externalUrl }
        : null,
    visits,
    appUrl: ctx.config.appUrl,
  });
}
