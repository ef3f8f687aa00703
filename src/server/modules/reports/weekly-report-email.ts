import { DateTime } from 'luxon';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  emailButton,
  emailDocument,
  emailFooter,
  emailHeading,
  emailParagraph,
  escapeHtml,
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

function weekLabel(input: WeeklyReportEmailInput): string {
  const start = DateTime.fromISO(input.weekStart).toFormat('ccc, LLL d');
  const end = DateTime.fromISO(input.weekEnd).toFormat('ccc, LLL d, yyyy');
  return `${start} – ${end} (${input.timeZone})`;
}

/** The weekly report: plain text, and simple inline-styled HTML with the same words. */
export function composeWeeklyReportEmail(input: WeeklyReportEmailInput): MailMessage {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const intro = `Here is how "${input.workspaceName}" did last week, ${weekLabel(input)}.`;
  const rows = rowsOf(input.week, input.previous);
  const top = input.topPost;
  const topLine = top
    ? `Top post: "${firstWords(top.content)}" on ${platformLabels[top.platform]}, ${count(top.engagements)} ${top.engagements === 1 ? 'engagement' : 'engagements'}`
    : input.week.posts === 0
      ? 'No posts were published last week.'
      : 'No post of last week has reported engagements yet.';
  const analyticsUrl = `${input.appUrl}/analytics`;
  // The Notifications section of Settings, where the weekly report switch is.
  const settingsUrl = `${input.appUrl}/settings#notifications`;
  const footer = `You get this email because weekly reports are on in your Kitepost settings. Turn them off: ${settingsUrl}`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(
      (row) => `${row.label}: ${row.value}${row.before === null ? '' : ` (week before: ${row.before})`}`,
    ),
    '',
    topLine,
    ...(top?.url ? [top.url] : []),
    '',
    `See every number: ${analyticsUrl}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e2e8f0';
  const table = [
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">',
    ...rows.map(
      (row) =>
        `<tr><td style="${cell};color:#475569">${escapeHtml(row.label)}</td>` +
        `<td style="${cell};text-align:right;font-weight:600;${row.value === NOT_REPORTED ? 'color:#64748b;font-weight:400;font-style:italic' : ''}">${escapeHtml(row.value)}</td>` +
        `<td style="${cell};text-align:right;color:#64748b;font-size:12px;padding-left:12px">${row.before === null ? '' : `week before: ${escapeHtml(row.before)}`}</td></tr>`,
    ),
    '</table>',
  ].join('');
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#4f46e5">${escapeHtml(label)}</a>`;
  const topHtml = top
    ? emailParagraph(
        `<strong>Top post</strong> on ${escapeHtml(platformLabels[top.platform])}, ${escapeHtml(count(top.engagements))} ${top.engagements === 1 ? 'engagement' : 'engagements'}:<br>` +
          `“${escapeHtml(firstWords(top.content))}”${top.url ? `<br>${link(top.url, 'Open the post')}` : ''}`,
      )
    : emailParagraph(escapeHtml(topLine));
  const html = emailDocument([
    emailParagraph(escapeHtml(greeting)),
    emailHeading('Your Kitepost week'),
    emailParagraph(escapeHtml(intro)),
    table,
    topHtml,
    emailButton(analyticsUrl, 'See every number'),
    emailFooter(
      `You get this email because weekly reports are on in your Kitepost settings. ${link(settingsUrl, 'Turn them off')}.`,
    ),
  ]);

  return { to: input.to, subject: weeklyReportSubject(input.week, input.workspaceName), text, html };
}
