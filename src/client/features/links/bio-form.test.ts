import { describe, expect, it } from 'vitest';
import { bioPageForm, instantToWall, isLinkLive, toBioBody, toBioForm, wallToInstant } from './bio-form';

describe('bio page form', () => {
  it('reads and writes a schedule in the user zone, across a DST change', () => {
    expect(wallToInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00Z');
    expect(wallToInstant('2026-12-01T09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00Z');
    expect(instantToWall('2026-12-01T08:00:00Z', 'Europe/Berlin')).toBe('2026-12-01T09:00');
    expect(wallToInstant('', 'Europe/Berlin')).toBeNull();
    expect(instantToWall(null, 'UTC')).toBe('');
  });

  it('checks with the contract rules and sends instants', () => {
    const parsed = bioPageForm.parse({
      slug: ' Sol-Bistro ',
      title: 'Sol',
      description: '',
      showPosts: false,
      links: [
        { title: 'Menu', url: 'https://sol.example/menu', thumbnailMediaId: null, startsAt: '', endsAt: '' },
        {
          id: '5b0f2f9e-3f5c-4d7e-9d1a-1f0e6f1b2c3d',
          title: 'Brunch',
          url: 'https://sol.example/brunch',
          thumbnailMediaId: null,
          startsAt: '2026-12-05T10:00',
          endsAt: '2026-12-06T15:00',
        },
      ],
    });
    expect(parsed.slug).toBe('sol-bistro');
    const body = toBioBody(parsed, 'America/New_York');
    expect(body.links[0]).toEqual({
      title: 'Menu',
      url: 'https://sol.example/menu',
      thumbnailMediaId: null,
      startsAt: null,
      endsAt: null,
    });
    expect(body.links[1]).toMatchObject({
      id: '5b0f2f9e-3f5c-4d7e-9d1a-1f0e6f1b2c3d',
      startsAt: '2026-12-05T15:00:00Z',
      endsAt: '2026-12-06T20:00:00Z',
    });
  });

  it('refuses an end before the start, a reserved address and a link that is not http(s)', () => {
    const link = { title: 'x', url: 'https://a.example', thumbnailMediaId: null, startsAt: '', endsAt: '' };
    const result = bioPageForm.safeParse({
      slug: 'admin',
      title: 'Sol',
      description: '',
      showPosts: true,
      links: [
        { ...link, startsAt: '2026-12-05T10:00', endsAt: '2026-12-05T09:00' },
        { ...link, url: 'javascript:alert(1)' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'slug: "admin" is reserved. Choose another address.',
      'links.0.endsAt: The end must be after the start',
      'links.1.url: Use a link that starts with http:// or https://',
    ]);
  });

  it('starts from the saved page, or from the brand name', () => {
    expect(toBioForm(null, 'UTC', 'Sol Bistro')).toMatchObject({ title: 'Sol Bistro', links: [] });
    const form = toBioForm(
      {
        slug: 'sol',
        title: 'Sol',
        description: 'd',
        showPosts: true,
        url: 'http://localhost/@sol',
        updatedAt: '2026-11-29T00:00:00Z',
        links: [
          {
            id: 'a',
            title: 'Menu',
            url: 'https://sol.example',
            thumbnailMediaId: null,
            thumbnailUrl: null,
            startsAt: '2026-12-01T08:00:00Z',
            endsAt: null,
            code: 'abcdefghij',
            live: false,
          },
        ],
      },
      'Europe/Berlin',
      '',
    );
    expect(form.links[0]).toMatchObject({ id: 'a', startsAt: '2026-12-01T09:00', endsAt: '' });
  });

  it('says whether a link shows now', () => {
    const link = { title: 'x', url: 'https://a.example', thumbnailMediaId: null, startsAt: '', endsAt: '' };
    const now = Date.parse('2026-12-05T12:00:00Z');
    expect(isLinkLive(link, 'UTC', now)).toBe(true);
    expect(isLinkLive({ ...link, startsAt: '2026-12-05T13:00' }, 'UTC', now)).toBe(false);
    expect(isLinkLive({ ...link, endsAt: '2026-12-05T12:00' }, 'UTC', now)).toBe(false);
  });
});
