import { describe, expect, it } from 'vitest';
import {
  composeWeeklyReportEmail,
  firstWords,
  type WeeklyReportEmailInput,
  weeklyReportSubject,
} from './weekly-report-email';

const quietWeek = {
  posts: 0,
  impressions: null,
  reach: null,
  engagements: null,
  engagementRate: null,
  followerChange: null,
};

const input: WeeklyReportEmailInput = {
  to: 'ada@example.com',
  firstName: 'Ada',
  workspaceName: "Ada's Bakery",
  weekStart: '2026-11-09',
  weekEnd: '2026-11-15',
  timeZone: 'Europe/Berlin',
  week: {
    posts: 5,
    impressions: 3400,
    reach: 1240,
    engagements: 87,
    engagementRate: 7.02,
    followerChange: -3,
  },
  previous: { ...quietWeek, posts: 2, reach: 900 },
  topPost: { content: 'Fresh   sourdough\nat 7', platform: 'twitter', engagements: 1, url: null },
  visits: null,
  appUrl: 'https://app.kitepost.test',
};

describe('weekly report email', () => {
  it('puts posts and reach in the subject, reach only when reported', async () => {
    expect(weeklyReportSubject(input.week, "Ada's Bakery")).toBe(
      "Your Kitepost week: 5 posts, 1,240 reached (Ada's Bakery)",
    );
    expect(weeklyReportSubject({ ...quietWeek, posts: 1 }, 'Two\r\nLines')).toBe(
      'Your Kitepost week: 1 post (Two Lines)',
    );
  });

  it('lists the numbers with the week before where both are known', async () => {
    const { text } = await composeWeeklyReportEmail(input);
    expect(text).toContain('Posts published: 5 (week before: 2)\n');
    expect(text).toContain('Impressions: 3,400\n');
    expect(text).toContain('Reach: 1,240 (week before: 900)\n');
    expect(text).toContain('Engagement rate: 7.02%\n');
    expect(text).toContain('Follower change: −3\n');
    expect(text).toContain('Top post: "Fresh sourdough at 7" on X (Twitter), 1 engagement\n');
  });

  it('says "not reported" for nulls and tells a quiet week apart from unmeasured posts', async () => {
    const quiet = await composeWeeklyReportEmail({
      ...input,
      week: quietWeek,
      previous: null,
      topPost: null,
    });
    expect(quiet.text).toContain('Posts published: 0\n');
    expect(quiet.text).toContain('Reach: not reported\n');
    expect(quiet.text).toContain('Engagements: not reported\n');
    expect(quiet.text).toContain('No posts were published last week.');
    const unmeasured = await composeWeeklyReportEmail({
      ...input,
      week: { ...quietWeek, posts: 2 },
      topPost: null,
    });
    expect(unmeasured.text).toContain('No post of last week has reported engagements yet.');
  });

  it('adds visits from posts, and the bio page when there is one, only when given', async () => {
    const none = await composeWeeklyReportEmail(input);
    expect(none.text).not.toContain('Visits from your posts');
    const withPage = await composeWeeklyReportEmail({
      ...input,
      visits: {
        week: { postLinkClicks: 1234, bioPage: { views: 80, linkClicks: 12 } },
        previous: { postLinkClicks: 0, bioPage: null },
      },
    });
    expect(withPage.text).toContain('Visits from your posts: 1,234 (week before: 0)\n');
    expect(withPage.text).toContain('Bio page views: 80\n');
    expect(withPage.text).toContain('Bio page link clicks: 12\n');
    expect(withPage.html).toContain('Visits from your posts');
    const noPage = await composeWeeklyReportEmail({
      ...input,
      visits: { week: { postLinkClicks: 3, bioPage: null }, previous: null },
    });
    expect(noPage.text).toContain('Visits from your posts: 3\n');
    expect(noPage.text).not.toContain('Bio page');
  });

  it('escapes the user words in the HTML', async () => {
    const { html } = await composeWeeklyReportEmail({
      ...input,
      workspaceName: '<script>alert(1)</script>',
      topPost: {
        content: 'a "quote" & <tag>',
        platform: 'linkedin',
        engagements: 3,
        url: 'https://x.test/?a=1&b="2"',
      },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('a &quot;quote&quot; &amp; &lt;tag&gt;');
    expect(html).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
  });

  it('keeps the first twelve words of the top post', async () => {
    expect(firstWords('one two three')).toBe('one two three');
    expect(firstWords('a b c d e f g h i j k l m n')).toBe('a b c d e f g h i j k l…');
  });
});
