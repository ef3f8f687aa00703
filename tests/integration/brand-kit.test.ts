import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile, uploadImage } from '../factories/media';
import { makePdf } from '../factories/pdf';
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
      graphicFont: 'sans',
      learnFromResults: true,
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
      [{ ...kit, primaryColour: 'red' }, 'body.primaryColour'],
      [{ ...kit, accentColour: '#12345' }, 'body.accentColour'],
      [{ ...kit, description: 'x'.repeat(301) }, 'body.description'],
      [{ ...kit, logoMediaId: 'not-a-uuid' }, 'body.logoMediaId'],
      [{ ...kit, graphicFont: 'comic' }, 'body.graphicFont'],
      [{ ...kit, learnFromResults: 'yes' }, 'body.learnFromResults'],
    ];
    for (const [payload, path] of cases) {
      const response = await api.put('/api/user/brand-kit', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
  });

  it('saves the public face: colours lowercased, a description, a logo of its own library, the graphic font', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const logo = await uploadImage(t.app, cookie, 'png', { width: 256, height: 256 });
    const saved = await api.put('/api/user/brand-kit', {
      ...kit,
      logoMediaId: logo.id,
      primaryColour: ' #1D4ED8 ',
      accentColour: '#F59E0B',
      description: 'x'.repeat(300),
      graphicFont: 'serif',
      learnFromResults: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      logoMediaId: logo.id,
      primaryColour: '#1d4ed8',
      accentColour: '#f59e0b',
      description: 'x'.repeat(300),
      graphicFont: 'serif',
      learnFromResults: false,
    });
    expect((await api.get('/api/user/brand-kit')).json()).toEqual(saved.json());
    const cleared = await api.put('/api/user/brand-kit', { ...kit, logoMediaId: null, primaryColour: null });
    expect(cleared.json()).toMatchObject({ logoMediaId: null, primaryColour: null, accentColour: null });
  });

  it("refuses a logo that is not an image of the caller's workspace", async () => {
    const owner = await signUp(t.app);
    const foreign = await uploadImage(t.app, owner.cookie);
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await api.put('/api/user/brand-kit', { ...kit, logoMediaId: id });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('That logo is not in your media library');
    }
    const pdf = await uploadFile(t.app, cookie, makePdf(), {
      fileName: 'menu.pdf',
      contentType: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(201);
    const response = await api.put('/api/user/brand-kit', { ...kit, logoMediaId: pdf.json().id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('A logo must be an image');
    expect((await api.get('/api/user/brand-kit')).json().logoMediaId).toBeNull();
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
