import { DateTime } from 'luxon';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import type { VisitNumbers } from '../analytics';
import {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailLink,
  EmailParagraph,
  emailColors,
  renderEmailHtml,
} from '../notifications';

/** A week's numbers; null: no post (or account) of the week reported that metric. */
export interface WeekNumbers {
  posts: number;
  impressions: number | null;
  reach: number | null;
  engagements: number | null;
  /** Percent. */
  engagementRate: number | null;
  followerChange: number | null;
}

export interface WeeklyReportEmailInput {
  to: string;
  firstName: string;
  workspaceName: string;
  /** The reported Monday and Sunday (YYYY-MM-DD) in `timeZone`. */
  weekStart: string;
  weekEnd: string;
  timeZone: string;
  week: WeekNumbers;
  /** The week before, for comparison; null when unknown. */
  previous: WeekNumbers | null;
  /** The week's post with the most engagements; null when no post reported any. */
  topPost: {
    content: string;
    platform: PublishingPlatform;
    engagements: number;
    url: string | null;
  } | null;
  /**
   * Visits through the week's short links and bio page, and the week before's (issue 29); null
   * when the plan has no click analytics.
   */
  visits: { week: VisitNumbers; previous: VisitNumbers | null } | null;
  /** The app's origin (config.appUrl), for absolute links. */
  appUrl: string;
}

export const NOT_REPORTED = 'not reported';
const TOP_POST_WORDS = 12;

const count = (value: number) => value.toLocaleString('en-US');
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
const signed = (value: number) => (value > 0 ? `+${count(value)}` : value < 0 ? `−${count(-value)}` : '0');

/** The first words of a post, with an ellipsis when there are more. */
export function firstWords(content: string, words: number = TOP_POST_WORDS): string {
  const all = content.trim().split(/\s+/).filter(Boolean);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')}…`;
}

/** 'Your Kitepost week: 5 posts, 1,240 reached' (reach only when a platform reported it). */
export function weeklyReportSubject(week: WeekNumbers, workspaceName: string): string {
  const posts = `${count(week.posts)} ${week.posts === 1 ? 'post' : 'posts'}`;
  const reached = week.reach === null ? '' : `, ${count(week.reach)} reached`;
  // A name is the user's text: no line break may reach a mail header.
  return `Your Kitepost week: ${posts}${reached} (${workspaceName.replace(/\s+/g, ' ').trim()})`;
}

interface Row {
  label: string;
  value: string;
  before: string | null;
}

function rowsOf(week: WeekNumbers, previous: WeekNumbers | null): Row[] {
  const row = (
    label: string,
    pick: (numbers: WeekNumbers) => number | null,
    format: (value: number) => string,
  ): Row => {
    const value = pick(week);
    const earlier = previous ? pick(previous) : null;
    return {
      label,
      value: value === null ? NOT_REPORTED : format(value),
      before: earlier === null ? null : format(earlier),
    };
  };
  return [
    row('Posts published', (n) => n.posts, count),
    row('Impressions', (n) => n.impressions, count),
    row('Reach', (n) => n.reach, count),
    row('Engagements', (n) => n.engagements, count),
    row('Engagement rate', (n) => n.engagementRate, percent),
    row('Follower change', (n) => n.followerChange, signed),
  ];
}

/** "Visits from your posts", and the bio page's views and clicks when there is a page. */
function visitRowsOf(visits: WeeklyReportEmailInput['visits']): Row[] {
  if (!visits) return [];
  const { week, previous } = visits;
  const rows: Row[] = [
    {
      label: 'Visits from your posts',
      value: count(week.postLinkClicks),
      before: previous ? count(previous.postLinkClicks) : null,
    },
  ];
  if (week.bioPage) {
    const before = previous?.bioPage ?? null;
    rows.push(
      {
        label: 'Bio page views',
        value: count(week.bioPage.views),
        before: before ? count(before.views) : null,
      },
      {
        label: 'Bio page link clicks',
        value: count(week.bioPage.linkClicks),
        before: before ? count(before.linkClicks) : null,
      },
    );
  }
  return rows;
}

function weekLabel(input: WeeklyReportEmailInput): string {
  const start = DateTime.fromISO(input.weekStart).toFormat('ccc, LLL d');
  const end = DateTime.fromISO(input.weekEnd).toFormat('ccc, LLL d, yyyy');
  return `${start} – ${end} (${input.timeZone})`;
}

interface ReportWords {
  greeting: string;
  intro: string;
  rows: Row[];
  top: { platform: string; engagements: string; firstWords: string; url: string | null } | null;
  topLine: string;
  analyticsUrl: string;
  settingsUrl: string;
}

function wordsOf(input: WeeklyReportEmailInput): ReportWords {
  const top = input.topPost;
  return {
    greeting: input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,',
    intro: `Here is how "${input.workspaceName}" did last week, ${weekLabel(input)}.`,
    rows: [...rowsOf(input.week, input.previous), ...visitRowsOf(input.visits)],
    top: top
      ? {
          platform: platformLabels[top.platform],
          engagements: `${count(top.engagements)} ${top.engagements === 1 ? 'engagement' : 'engagements'}`,
          firstWords: firstWords(top.content),
          url: top.url,
        }
      : null,
    topLine: top
      ? `Top post: "${firstWords(top.content)}" on ${platformLabels[top.platform]}, ${count(top.engagements)} ${top.engagements === 1 ? 'engagement' : 'engagements'}`
      : input.week.posts === 0
        ? 'No posts were published last week.'
        : 'No post of last week has reported engagements yet.',
    analyticsUrl: `${input.appUrl}/analytics`,
    // The Notifications section of Settings, where the weekly report switch is.
    settingsUrl: `${input.appUrl}/settings#notifications`,
  };
}

const cell = { padding: '6px 0', borderBottom: '1px solid #e2e8f0' } as const;

function WeeklyReportEmail({ words }: { words: ReportWords }) {
  const { top } = words;
  return (
    <EmailDocument>
      <EmailParagraph>{words.greeting}</EmailParagraph>
      <EmailHeading>Your Kitepost week</EmailHeading>
      <EmailParagraph>{words.intro}</EmailParagraph>
      <table
        role="presentation"
        style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 16px', fontSize: '14px' }}
      >
        <tbody>
          {words.rows.map((row) => (
            <tr key={row.label}>
              <td style={{ ...cell, color: emailColors.muted }}>{row.label}</td>
              <td
                style={{
                  ...cell,
                  textAlign: 'right',
                  ...(row.value === NOT_REPORTED
                    ? { color: emailColors.faint, fontWeight: 400, fontStyle: 'italic' }
                    : { fontWeight: 600 }),
                }}
              >
                {row.value}
              </td>
              <td
                style={{
                  ...cell,
                  textAlign: 'right',
                  color: emailColors.faint,
                  fontSize: '12px',
                  paddingLeft: '12px',
                }}
              >
                {row.before === null ? '' : `week before: ${row.before}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {top ? (
        <EmailParagraph>
          <strong>Top post</strong>
          {` on ${top.platform}, ${top.engagements}:`}
          <br />
          {`“${top.firstWords}”`}
          {top.url ? (
            <>
              <br />
              <EmailLink href={top.url}>Open the post</EmailLink>
            </>
          ) : null}
        </EmailParagraph>
      ) : (
        <EmailParagraph>{words.topLine}</EmailParagraph>
      )}
      <EmailButton href={words.analyticsUrl}>See every number</EmailButton>
      <EmailFooter>
        {'You get this email because weekly reports are on in your Kitepost settings. '}
        <EmailLink href={words.settingsUrl}>Turn them off</EmailLink>.
      </EmailFooter>
    </EmailDocument>
  );
}

/** The weekly report: plain text, and inline-styled HTML with the same words. */
export async function composeWeeklyReportEmail(input: WeeklyReportEmailInput): Promise<MailMessage> {
  const words = wordsOf(input);
  const footer = `You get this email because weekly reports are on in your Kitepost settings. Turn them off: ${words.settingsUrl}`;
  const text = [
    words.greeting,
    '',
    words.intro,
    '',
    ...words.rows.map(
      (row) => `${row.label}: ${row.value}${row.before === null ? '' : ` (week before: ${row.before})`}`,
    ),
    '',
    words.topLine,
    ...(words.top?.url ? [words.top.url] : []),
    '',
    `See every number: ${words.analyticsUrl}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  const html = await renderEmailHtml(<WeeklyReportEmail words={words} />);
  return { to: input.to, subject: weeklyReportSubject(input.week, input.workspaceName), text, html };
}
