import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createPost } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const kit = {
  brandName: 'Glow Candles',
  voiceDescription: 'Calm, warm and a little poetic.',
  defaultTone: 'inspirational',
  audience: 'Gift buyers',
  keywords: ['hand-poured', 'soy'],
  bannedWords: ['cheap'],
  requiredHashtags: ['#GlowCandles'],
  emojiPolicy: 'sparing',
};

describe.each(databaseKinds)('brand kit API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('starts empty, saves, and reads back per workspace', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    expect((await api.get('/api/user/brand-kit')).json()).toEqual({
      brandName: '',
      voiceDescription: '',
      defaultTone: 'professional',
      audience: '',
      keywords: [],
      bannedWords: [],
      requiredHashtags: [],
      emojiPolicy: 'sparing',
      logoMediaId: null,
      primaryColour: null,
      accentColour: null,
      description: '',
      updatedAt: null,
    });
    const saved = await api.put('/api/user/brand-kit', { ...kit, keywords: ['soy', 'Soy', 'hand-poured'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ...kit,
      keywords: ['soy', 'hand-poured'],
      requiredHashtags: ['GlowCandles'],
    });
    expect((await api.get('/api/user/brand-kit')).json()).toEqual(saved.json());

    const other = await signUp(t.app);
    expect((await asUser(t.app, other.cookie).get('/api/user/brand-kit')).json().brandName).toBe('');
  });

  it('refuses bad values with 400', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const cases: Array<[unknown, string]> = [
      [{ ...kit, defaultTone: 'angry' }, 'body.defaultTone'],
      [{ ...kit, emojiPolicy: 'always' }, 'body.emojiPolicy'],
      [{ ...kit, requiredHashtags: ['two words'] }, 'body.requiredHashtags.0'],
      [{ ...kit, brandName: 'x'.repeat(101) }, 'body.brandName'],
      [{ ...kit, bannedWords: Array.from({ length: 51 }, (_, i) => `w${i}`) }, 'body.bannedWords'],
    ];
    for (const [payload, path] of cases) {
      const response = await api.put('/api/user/brand-kit', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
  });

  it('re-checks existing posts when the kit changes', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie, { content: 'Cheap candles for everyone', hashtags: [] });
    expect(post.brandFindings).toEqual([]);
    await api.put('/api/user/brand-kit', kit);
    const checked = (await api.get(`/api/posts/${post.id}`)).json();
    expect(checked.brandFindings.map((f: { kind: string; value: string }) => `${f.kind}:${f.value}`)).toEqual(
      ['banned-word:cheap', 'missing-hashtag:GlowCandles'],
    );
    await api.put('/api/user/brand-kit', { ...kit, bannedWords: [], requiredHashtags: [] });
    expect((await api.get(`/api/posts/${post.id}`)).json().brandFindings).toEqual([]);
  });
});
