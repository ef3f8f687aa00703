import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationMessages, NDJSON } from '../../src/contracts/generation';
import { asUser } from '../factories/posts';
import { addMember } from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const campaign = {
  businessType: 'restaurant',
  campaignDescription: 'Weekend brunch special',
  contentType: 'promotional',
  tone: 'casual',
  count: 5,
};

/** A new user whose Settings › Content language is `language` (left at English when undefined). */
async function userWritingIn(t: TestApp, language?: string) {
  const user = await signUp(t.app);
  const api = asUser(t.app, user.cookie);
  if (language !== undefined) {
    const saved = await api.put('/api/user/settings', { contentLanguage: language });
    expect(saved.statusCode).toBe(200);
  }
  return { ...user, api };
}

describe.each(databaseKinds)('the content language with the offline composer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('tells a user who writes in Spanish that the posts are in English', async () => {
    const { api } = await userWritingIn(t, 'spanish');
    const response = await api.post('/api/user/generate-content', campaign);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.posts).toHaveLength(5);
    expect(body.generator).toEqual({ name: 'offline composer', sandbox: true });
    expect(body.notice).toBe(generationMessages.englishOnly('Spanish'));
    expect(body.notice).toContain('These posts are in English, not Spanish');
  });

  it('carries the notice in the final event of a stream', async () => {
    const { cookie } = await userWritingIn(t, 'french');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/generate-content',
      payload: campaign,
      headers: { cookie, accept: NDJSON },
      remoteAddress: randomIp(),
    });
    expect(response.headers['content-type']).toContain(NDJSON);
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      response: { notice: generationMessages.englishOnly('French') },
    });
  });

  it('names a language given through the API as the user typed it', async () => {
    const { api } = await userWritingIn(t, 'swiss german');
    const body = (await api.post('/api/user/generate-content', campaign)).json();
    expect(body.notice).toBe(generationMessages.englishOnly('Swiss german'));
  });

  it('has nothing to tell a user who writes in English, nor a visitor', async () => {
    const { api } = await userWritingIn(t);
    const english = (await api.post('/api/user/generate-content', campaign)).json();
    expect(english.posts).toHaveLength(5);
    expect(english).not.toHaveProperty('notice');
    const { api: british } = await userWritingIn(t, 'British English');
    expect((await british.post('/api/user/generate-content', campaign)).json()).not.toHaveProperty('notice');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/generate-content',
      payload: campaign,
      remoteAddress: randomIp(),
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).not.toHaveProperty('notice');
  });
});

describe.each(databaseKinds)('the content language with an AI writer on %s', (kind) => {
  let t: TestApp;
  const writer = new ScriptedWriter();
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { ai: writer });
  });
  afterAll(() => t.close());

  it("asks the writer for the requesting user's language, and has nothing to tell", async () => {
    const owner = await userWritingIn(t, 'spanish');
    const member = await addMember(t.app, owner.cookie, 'editor');

    writer.calls.length = 0;
    const spanish = await owner.api.post('/api/user/generate-content', campaign);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json()).not.toHaveProperty('notice');
    expect(writer.calls.map((call) => call.language)).toEqual(['spanish']);

    // Same workspace, the member's own setting (the default): English.
    writer.calls.length = 0;
    await asUser(t.app, member.cookie).post('/api/user/generate-content', campaign);
    expect(writer.calls.map((call) => call.language)).toEqual(['english']);
  });

  it('asks for English for a visitor', async () => {
    writer.calls.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/generate-content',
      payload: campaign,
      remoteAddress: randomIp(),
    });
    expect(writer.calls.map((call) => call.language)).toEqual(['english']);
  });
});
