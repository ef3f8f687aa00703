import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import {
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { html, startWebPages, type WebPages } from '../fakes/web/web-pages';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * LinkedIn shows no card for a link in an API post's text, and Facebook's feed takes the link
 * apart: the pipeline hands both the first link of the text with what our preview read of it.
 */
describe.each(databaseKinds)('link cards for text posts on %s', (kind) => {
  let t: TestApp;
  let web: WebPages;
  let linkedin: ScriptedPlatform;
  let twitter: ScriptedPlatform;
  beforeAll(async () => {
    web = await startWebPages('127.0.0.2');
    web.page(
      '/autumn',
      html(`<html><head><title>Autumn</title>
        <meta property="og:title" content="Autumn collection">
        <meta property="og:description" content="Five new scents.">
        <meta property="og:image" content="/img/autumn.jpg"></head><body></body></html>`),
    );
    linkedin = scriptedPlatform('linkedin');
    twitter = scriptedPlatform('twitter');
    t = await buildTestApp(
      kind,
      { OUTBOUND_ALLOWED_PORTS: String(web.port), OUTBOUND_ALLOW_PRIVATE: '127.0.0.2/32' },
      { socialProviders: { linkedin, twitter } },
    );
  });
  afterAll(async () => {
    await t.close();
    await web.close();
  });

  async function publish(platform: 'linkedin' | 'twitter', content: string) {
    const { workspaceId } = await newWorkspace(t);
    const account = await insertAccount(t, workspaceId, { platform });
    const post = await insertScheduledPost(t, workspaceId, {
      platform,
      content,
      socialAccountId: account.id,
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
  }

  it('gives LinkedIn the link with its Open Graph title, description and image', async () => {
    await publish('linkedin', `Our autumn range is here: ${web.origin}/autumn see you soon`);
    expect(linkedin.inputs.at(-1)?.link).toEqual({
      url: `${web.origin}/autumn`,
      title: 'Autumn collection',
      description: 'Five new scents.',
      imageUrl: `${web.origin}/img/autumn.jpg`,
    });
  });

  it('gives the link alone when the page cannot be read, and nothing to X or to a text without a link', async () => {
    await publish('linkedin', `Read it at ${web.origin}/missing-page`);
    expect(linkedin.inputs.at(-1)?.link).toMatchObject({ url: `${web.origin}/missing-page`, title: null });
    await publish('linkedin', 'No link in this one');
    expect(linkedin.inputs.at(-1)?.link).toBeNull();
    await publish('twitter', `A link for X: ${web.origin}/autumn`);
    expect(twitter.inputs.at(-1)?.link).toBeNull();
  });
});
