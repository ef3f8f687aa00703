import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../src/contracts/media';
import { uploadFile } from '../factories/media';
import { makePdf } from '../factories/pdf';
import { asUser, daysFromNow } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * LinkedIn document posts (issue 24: "document posts (PDF carousels)"): a PDF uploaded to the
 * library, a post of type `carousel` with its title, kept through create, compose and edit,
 * checked at scheduling; then published through the real pipeline to the pretend LinkedIn.
 */

const NEEDS_TITLE =
  'A LinkedIn Document needs a title: LinkedIn shows it with the document. Add one before scheduling.';

async function uploadPdf(t: TestApp, cookie: string, pages = 5): Promise<Media> {
  const response = await uploadFile(t.app, cookie, makePdf({ pages, text: 'Spring menu' }), {
    fileName: 'menu.pdf',
    contentType: 'application/pdf',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe.each(databaseKinds)('LinkedIn document posts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps the title through create, edit and compose; compose gives it only to the types that take one', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const pdf = await uploadPdf(t, workspace.cookie);
    const created = await user.post('/api/posts', {
      platform: 'linkedin',
      postType: 'carousel',
      content: 'Our spring menu, page by page.',
      media: [{ id: pdf.id }],
      title: '  Spring menu 2027  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      postType: 'carousel',
      title: 'Spring menu 2027',
      mediaIds: [pdf.id],
    });
    const id = created.json().id as string;
    expect((await user.get(`/api/posts/${id}`)).json().title).toBe('Spring menu 2027');

    const edited = await user.patch(`/api/posts/${id}`, { title: 'Summer menu' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().title).toBe('Summer menu');
    // Editing something else keeps it.
    expect((await user.patch(`/api/posts/${id}`, { content: 'New words' })).json().title).toBe('Summer menu');

    const composed = await user.post('/api/posts/compose', {
      content: 'One text, two networks.',
      media: [{ id: pdf.id }],
      title: 'Menu',
      targets: [
        { platform: 'linkedin', socialAccountId: null, postType: 'carousel' },
        { platform: 'twitter', socialAccountId: null },
      ],
      asDraft: true,
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const byPlatform = Object.fromEntries(
      (composed.json().posts as { platform: string; title: string | null }[]).map((post) => [
        post.platform,
        post.title,
      ]),
    );
    expect(byPlatform).toEqual({ linkedin: 'Menu', twitter: null });
  });

  it('refuses to schedule a document post without a title, and a PDF on a post that takes none', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const pdf = await uploadPdf(t, workspace.cookie);
    const compose = (over: Record<string, unknown>) =>
      user.post('/api/posts/compose', {
        content: 'Our spring menu, page by page.',
        media: [{ id: pdf.id }],
        targets: [{ platform: 'linkedin', socialAccountId: null, postType: 'carousel' }],
        scheduledAt: daysFromNow(1),
        ...over,
      });
    const untitled = await compose({});
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toBe(NEEDS_TITLE);
    const onPost = await compose({
      title: 'Menu',
      targets: [{ platform: 'linkedin', socialAccountId: null }],
    });
    expect(onPost.statusCode).toBe(400);
    expect(onPost.json().error.message).toBe(
      'LinkedIn takes no PDF documents: only LinkedIn document posts take one.',
    );
    expect((await compose({ title: 'Menu' })).statusCode).toBe(201);

    // A draft saved without a title is refused when it is scheduled, with the same words.
    const draft = await user.post('/api/posts', {
      platform: 'linkedin',
      postType: 'carousel',
      content: 'Draft',
      media: [{ id: pdf.id }],
    });
    const scheduled = await user.post(`/api/posts/${draft.json().id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json().error.message).toBe(NEEDS_TITLE);
    // Clearing the title of a scheduled document post is refused too: it must stay publishable.
    const ok = await compose({ title: 'Menu' });
    const postId = ok.json().posts[0].id as string;
    const cleared = await user.patch(`/api/posts/${postId}`, { title: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toBe(NEEDS_TITLE);
  });
});
