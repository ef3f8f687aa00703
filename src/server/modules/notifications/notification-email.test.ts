import { describe, expect, it } from 'vitest';
import { composeNotificationEmail } from './notification-email';

const input = {
  to: 'ada@example.com',
  firstName: 'Ada',
  workspaceName: 'Ada & Co',
  title: 'A post failed to publish',
  body: 'LinkedIn said: <too long>.',
  url: 'https://app.kitepost.test/calendar?post=abc',
};

describe('composeNotificationEmail', () => {
  it('writes the notice as text with the absolute link', async () => {
    const message = await composeNotificationEmail(input);
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Kitepost: A post failed to publish');
    expect(message.text).toBe(
      [
        'Hi Ada,',
        '',
        'A post failed to publish',
        '',
        'LinkedIn said: <too long>.',
        '',
        'Open it in Kitepost: https://app.kitepost.test/calendar?post=abc',
        '',
        '--',
        'You get this email because you are a member of the workspace "Ada & Co" on Kitepost.',
        '',
      ].join('\n'),
    );
  });

  it('escapes what it puts in the HTML and links the notice', async () => {
    const { html } = await composeNotificationEmail({
      ...input,
      url: 'https://x.test/calendar?post=1&a="b"',
    });
    expect(html).toContain('LinkedIn said: &lt;too long&gt;.');
    expect(html).toContain('Ada &amp; Co');
    expect(html).toContain('href="https://x.test/calendar?post=1&amp;a=&quot;b&quot;"');
    expect(html).not.toContain('<too long>');
  });

  it('leaves the link out when there is none, and greets without a name', async () => {
    const message = await composeNotificationEmail({ ...input, url: null, firstName: ' ' });
    expect(message.text.startsWith('Hi,\n')).toBe(true);
    expect(message.text).not.toContain('Open it in Kitepost');
    expect(message.html).not.toContain('<a ');
  });
});
