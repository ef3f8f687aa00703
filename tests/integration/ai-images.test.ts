import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, media } from '../../src/server/db/schema';
import { setWorkspacePlan } from '../factories/analytics';
import { signUpMember } from '../factories/billing';
import { asUser, createPost } from '../factories/posts';
import { type LoopbackFake, startOpenAiFake } from '../fakes/openai/openai-fake';
import { buildTestApp, type TestApp } from '../setup/app';
import { adapterDatabaseKinds, databaseKinds } from '../setup/databases';

/** A stored media file read back through its URL: its size and its top-right pixel. */
async function stored(t: TestApp, cookie: string, url: string) {
  const { pathname, search } = new URL(url);
  const response = await t.app.inject({ method: 'GET', url: pathname + search, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const { data, info } = await sharp(response.rawPayload)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (2 * info.width + info.width - 3) * 3;
  const corner = `#${[...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return { size: [info.width, info.height], corner };
}

describe.each(databaseKinds)('AI images with the offline renderer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('makes a branded graphic into the media library, and attaches it to a draft', async () => {
    const owner = await signUpMember(t.app);
    const api = asUser(t.app, owner.cookie);
    const kit = await api.put('/api/user/brand-kit', {
      brandName: 'Café Brio',
      voiceDescription: '',
      defaultTone: 'casual',
      audience: '',
      keywords: [],
      bannedWords: [],
      requiredHashtags: [],
      emojiPolicy: 'sparing',
      primaryColour: '#0f766e',
    });
    expect(kit.statusCode, kit.body).toBe(200);
    const draft = await createPost(t.app, owner.cookie);
    const made = await api.post('/api/ai/images', {
      prompt: 'A cosy café counter with fresh croissants',
      postText: 'Fresh croissants, 20% off until Sunday! Come by. #bakery',
      aspectRatio: '1.91:1',
      postId: draft.id,
    });
    expect(made.statusCode, made.body).toBe(200);
    const body = made.json();
    expect(body.generator).toEqual({ name: 'offline renderer', sandbox: true });
    // The trial is Professional: 100 images a month.
    expect(body.imagesLeft).toBe(99);
    expect(body.media).toMatchObject({
      source: 'ai_graphic',
      prompt: 'A cosy café counter with fresh croissants',
      generator: 'offline renderer',
      template: 'offer',
      width: 1200,
      height: 628,
    });
    // The brand's primary colour fills the card.
    expect(await stored(t, owner.cookie, body.media.url)).toEqual({ size: [1200, 628], corner: '#0f766e' });

    const library = (await api.get('/api/media')).json();
    expect(library.map((item: { id: string }) => item.id)).toContain(body.media.id);
    // The library's AI filter, and its search, which reads the prompt too.
    const ids = async (query: string) =>
      (await api.get(`/api/media/library?${query}`)).json().items.map((item: { id: string }) => item.id);
    expect(await ids('source=ai')).toEqual([body.media.id]);
    expect(await ids('q=croissant')).toEqual([body.media.id]);
    const post = (await api.get(`/api/posts/${draft.id}`)).json();
    expect(post.mediaIds).toEqual([body.media.id]);

    const credits = (await api.get('/api/user/credits')).json();
    expect(credits).toMatchObject({ used: 0, images: { used: 1, limit: 100, remaining: 99 } });
    const capabilities = (await api.get('/api/ai/capabilities')).json();
    expect(capabilities).toEqual({
      writer: { name: 'offline composer', sandbox: true },
      images: { name: 'offline renderer', sandbox: true },
      translate: false,
      imagesPerMonth: 100,
      monthPlan: true,
    });
  });

  it('refuses after the Free plan’s 5 images with the reset date, leaving post credits alone', async () => {
    const owner = await signUpMember(t.app);
    await setWorkspacePlan(t, owner.workspaceId, 'free');
    const api = asUser(t.app, owner.cookie);
    await t.ctx.database.db.insert(generations).values(
      Array.from({ length: 4 }, () => ({
        workspaceId: owner.workspaceId,
        userId: owner.user.id,
        generator: 'offline renderer',
        postCount: 1,
        kind: 'image' as const,
      })),
    );
    const fifth = await api.post('/api/ai/images', { prompt: 'Open on Sunday', aspectRatio: '1.91:1' });
    expect(fifth.statusCode, fifth.body).toBe(200);
    expect(fifth.json().imagesLeft).toBe(0);
    expect(fifth.json().media.template).toBe('announcement');

    const refused = await api.post('/api/ai/images', { prompt: 'Open on Monday', aspectRatio: '1.91:1' });
    expect(refused.statusCode).toBe(402);
    const resets = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    const date = resets.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(refused.json().error.message).toBe(
      `You have made all 5 AI images of your plan this month. Upgrade for more, or wait until ${date}.`,
    );
    expect((await api.get('/api/user/credits')).json()).toMatchObject({
      used: 0,
      images: { used: 5, limit: 5, remaining: 0 },
    });
  });

  it('refuses a bad body, a script no font has and another workspace’s post before making anything', async () => {
    const owner = await signUpMember(t.app);
    const other = await signUpMember(t.app);
    const theirs = await createPost(t.app, other.cookie);
    const api = asUser(t.app, owner.cookie);
    const tooLong = await api.post('/api/ai/images', { prompt: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const script = await api.post('/api/ai/images', { prompt: 'Grand opening', headline: '盛大开业' });
    expect(script.statusCode).toBe(400);
    expect(script.json().error.message).toBe(
      'Branded graphics can show Latin, Greek, Cyrillic and Vietnamese letters for now. Shorten the text or use an AI image.',
    );
    const notOurs = await api.post('/api/ai/images', { prompt: 'Grand opening', postId: theirs.id });
    expect(notOurs.statusCode).toBe(404);
    const stored = await t.ctx.database.db
      .select()
      .from(media)
      .where(eq(media.workspaceId, owner.workspaceId));
    expect(stored).toEqual([]);
    expect((await api.get('/api/user/credits')).json().images.used).toBe(0);
  });
});

describe.each(adapterDatabaseKinds)('AI images from an OpenAI image model (fake) on %s', (kind) => {
  let t: TestApp;
  let fake: LoopbackFake;
  const logLines: string[] = [];
  beforeAll(async () => {
    fake = await startOpenAiFake({ apiKey: 'sk-images-secret' });
    t = await buildTestApp(
      kind,
      {
        OPENAI_API_KEY: 'sk-images-secret',
        AI_PROVIDER: 'offline',
        AI_IMAGE_MODEL: 'gpt-image-1',
        AI_IMAGE_BASE_URL: fake.baseUrl,
        AI_IMAGE_TIMEOUT_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('asks for 1024x1536 for 4:5 and stores it cropped to 1080×1350', async () => {
    const owner = await signUpMember(t.app);
    const api = asUser(t.app, owner.cookie);
    fake.script({ text: '' });
    const made = await api.post('/api/ai/images', { prompt: 'A sunny bakery window', platform: 'instagram' });
    expect(made.statusCode, made.body).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]?.body;
    expect(sent).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'A sunny bakery window',
      n: 1,
      size: '1024x1536',
    });
    expect(sent).not.toHaveProperty('response_format');
    const body = made.json();
    expect(body.generator).toEqual({ name: 'openai gpt-image-1', sandbox: false });
    expect(body.media).toMatchObject({ source: 'ai_image', generator: 'openai gpt-image-1', template: null });
    expect([body.media.width, body.media.height]).toEqual([1080, 1350]);
    expect((await api.get('/api/ai/capabilities')).json().images).toEqual({
      name: 'openai gpt-image-1',
      sandbox: false,
    });
    expect((await t.app.inject({ url: '/api/health' })).json().adapters.aiImages).toEqual({
      adapter: 'openai gpt-image-1',
      sandbox: false,
    });
  });

  it('explains a refused prompt, a failure and a timeout, charging nothing and logging no key', async () => {
    const owner = await signUpMember(t.app);
    const api = asUser(t.app, owner.cookie);
    fake.script(
      { status: 400, message: 'Your request was rejected by the safety system.', code: 'moderation_blocked' },
      { status: 500, message: 'The server had an error (key sk-images-secret)' },
      { stallMs: 5000, text: '' },
    );
    const refused = await api.post('/api/ai/images', { prompt: 'Something the filter dislikes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'The image service refused this prompt. Try describing it differently.',
    );
    const failed = await api.post('/api/ai/images', { prompt: 'A loaf of bread' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe(
      'The image service could not make this image. Please try again in a moment.',
    );
    const slow = await api.post('/api/ai/images', { prompt: 'A loaf of bread' });
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error.message).toBe('The image service took too long. Please try again.');

    // A branded graphic asked for is made offline even with a model configured.
    const graphic = await api.post('/api/ai/images', { prompt: 'Open late on Fridays', kind: 'graphic' });
    expect(graphic.statusCode, graphic.body).toBe(200);
    expect(graphic.json().generator).toEqual({ name: 'offline renderer', sandbox: false });
    expect((await api.get('/api/user/credits')).json().images.used).toBe(1);
    expect(logLines.join('\n')).not.toContain('sk-images-secret');
  });
});
