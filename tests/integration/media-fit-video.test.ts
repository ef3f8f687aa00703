import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaFit, mediaFit, media as mediaSchema } from '../../src/contracts/media';
import { plans } from '../../src/contracts/plans';
import { checkPublishable } from '../../src/contracts/publish-checks';
import { mediaFits, workspaces } from '../../src/server/db/schema';
import { isRangeNotSatisfiable } from '../../src/server/integrations/storage/media-storage';
import { probeVideo } from '../../src/server/integrations/video/ffmpeg-tools';
import { mediaFitVideoJob, mediaFitVideoSweepJob } from '../../src/server/jobs/media-fit-video.job';
import { allJobs } from '../../src/server/jobs/registry';
import { insertMedia } from '../../src/server/modules/media/media.repository';
import { insertMediaFit } from '../../src/server/modules/media/media-fits.repository';
import { videoFitMessages } from '../../src/server/modules/media/video-fit.service';
import { uploadFile } from '../factories/media';
import { asUser } from '../factories/posts';
import { signUp } from '../factories/users';
import { makeVideo, VIDEO_FIXTURES } from '../factories/video';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function member(t: TestApp) {
  const signedUp = await signUp(t.app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return {
    cookie: signedUp.cookie,
    workspaceId: workspace.id,
    userId: signedUp.user.id as string,
    api: asUser(t.app, signedUp.cookie),
  };
}

describe.each(databaseKinds)('video fits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const uploadVideo = async (cookie: string, file: string, fileName: string) => {
    const response = await uploadFile(t.app, cookie, readFileSync(file), {
      fileName,
      contentType: 'video/mp4',
    });
    expect(response.statusCode, response.body).toBe(201);
    return mediaSchema.parse(response.json());
  };
  /** The job's handler, as a worker runs it. */
  const runJob = (fitId: string) =>
    mediaFitVideoJob.handle({ fitId }, { app: t.ctx, database: t.ctx.database, log: t.ctx.log });
  const readFit = async (api: ReturnType<typeof asUser>, id: string): Promise<MediaFit> => {
    const response = await api.get(`/api/media/fits/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return mediaFit.parse(response.json());
  };
  /** Probes the stored file of a media item (not the row's facts: the bytes themselves). */
  const probeStored = async (storageKey: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'kitepost-fit-probe-'));
    try {
      const object = await t.ctx.storage.get(storageKey);
      if (!object || isRangeNotSatisfiable(object)) throw new Error(`no object ${storageKey}`);
      await pipeline(object.body, createWriteStream(join(dir, 'file')));
      return await probeVideo(t.ctx.videoTools.paths, join(dir, 'file'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const fitTemp = () => join(t.config.dataDir, 'fit-temp');

  it('crops a landscape video to 9:16 in a job: a new H.264/AAC MP4, progress to 1, one fit per request', async () => {
    const { cookie, workspaceId, api } = await member(t);
    const source = await uploadVideo(cookie, VIDEO_FIXTURES.landscape, 'shop.mp4');
    await api.patch(`/api/media/${source.id}`, { tags: ['launch'] });

    const asked = await api.post(`/api/media/${source.id}/fit`, { aspect: '9:16' });
    expect(asked.statusCode, asked.body).toBe(202);
    const fit = mediaFit.parse(asked.json());
    expect(fit).toMatchObject({ status: 'queued', progress: 0, resultMedia: null, aspect: '9:16' });
    // Asked again while queued: the same fit, not a second job.
    const again = await api.post(`/api/media/${source.id}/fit`, { aspect: '9:16' });
    expect([again.statusCode, again.json().id]).toEqual([202, fit.id]);

    const job = runJob(fit.id);
    let seen = await readFit(api, fit.id);
    while (seen.status === 'queued') seen = await readFit(api, fit.id);
    expect(seen.status).toBe('running');
    // Asked again while it runs: still the same fit.
    const whileRunning = await api.post(`/api/media/${source.id}/fit`, { aspect: '9:16' });
    expect([whileRunning.statusCode, whileRunning.json().id]).toEqual([202, fit.id]);
    await job;

    const done = await readFit(api, fit.id);
    expect(done).toMatchObject({ status: 'done', progress: 1, error: null });
    const made = done.resultMedia;
    expect(made).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      width: 100,
      height: 178,
      videoCodec: 'h264',
      audioCodec: 'aac',
      audioSampleRate: 48_000,
      tags: ['launch'],
      fileName: 'shop (9-16).mp4',
    });
    expect(made?.id).not.toBe(source.id);
    const probed = await probeStored(`${workspaceId}/${made?.id}.mp4`);
    expect(probed).toMatchObject({
      ok: true,
      facts: { container: 'video/mp4', width: 100, height: 178, videoCodec: 'h264', audioCodec: 'aac' },
    });
    if (probed.ok) expect(Math.abs(probed.facts.width / probed.facts.height - 9 / 16)).toBeLessThan(0.005);
    // The poster and thumbnail were made, as for an upload; the new video is in the library.
    expect(made?.posterUrl).toBeTruthy();
    const library = (await api.get('/api/media/library')).json() as { items: { id: string }[] };
    expect(library.items.map((item) => item.id)).toContain(made?.id);

    // The source is untouched: same row, same bytes.
    expect((await api.get(`/api/media/${source.id}`)).json()).toMatchObject({
      width: 320,
      height: 180,
      sizeBytes: source.sizeBytes,
      audioSampleRate: 44_100,
    });
    const stored = await t.ctx.storage.read(`${workspaceId}/${source.id}.mp4`);
    expect(stored?.equals(readFileSync(VIDEO_FIXTURES.landscape))).toBe(true);
    // Done: a new request is a new fit; no temporary file is left.
    const next = await api.post(`/api/media/${source.id}/fit`, { aspect: '9:16' });
    expect(next.json().id).not.toBe(fit.id);
    expect(existsSync(fitTemp()) ? readdirSync(fitTemp()) : []).toEqual([]);
  });

  it('gives requests that race one fit: one open fit per source and aspect, kept by the database', async () => {
    const { cookie, workspaceId, api, userId } = await member(t);
    const source = await uploadVideo(cookie, VIDEO_FIXTURES.landscape, 'race.mp4');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => api.post(`/api/media/${source.id}/fit`, { aspect: '1:1' })),
    );
    expect(answers.map((one) => one.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((one) => one.json().id)).size).toBe(1);
    // Past the service's look-up, the index itself refuses a second open fit (no row, no throw).
    const second = await insertMediaFit(t.ctx.database.db, workspaceId, {
      sourceMediaId: source.id,
      requestedByUserId: userId,
      aspect: '1:1',
    });
    expect(second).toBeUndefined();
    const rows = await t.ctx.database.db
      .select()
      .from(mediaFits)
      .where(eq(mediaFits.sourceMediaId, source.id));
    expect(rows).toHaveLength(1);
  });

  it('converts an HEVC MOV to an MP4 H.264 that X takes', async () => {
    const { cookie, api } = await member(t);
    const hevc = await uploadVideo(
      cookie,
      makeVideo({ width: 320, height: 240, seconds: 1, codec: 'libx265', format: 'mov' }),
      'phone.mov',
    );
    expect(hevc).toMatchObject({ mimeType: 'video/quicktime', videoCodec: 'hevc' });
    const xRefuses = (item: typeof hevc) =>
      checkPublishable('twitter', {
        postType: 'post',
        content: 'New menu',
        hashtags: [],
        media: [{ ...item, altText: null }],
        firstComment: null,
        thread: [],
      });
    expect(xRefuses(hevc).join(' ')).toMatch(/HEVC/);
    const fit = mediaFit.parse((await api.post(`/api/media/${hevc.id}/fit`, { format: 'mp4' })).json());
    expect(fit.aspect).toBeNull();
    await runJob(fit.id);
    const done = await readFit(api, fit.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.resultMedia).toMatchObject({
      mimeType: 'video/mp4',
      videoCodec: 'h264',
      width: 320,
      height: 240,
    });
    if (done.resultMedia) expect(xRefuses(done.resultMedia)).toEqual([]);
  });

  it('fails a fit of a damaged video with a reason, and leaves no temporary file', async () => {
    const { cookie, workspaceId, api } = await member(t);
    const source = await uploadVideo(cookie, VIDEO_FIXTURES.landscape, 'clip.mp4');
    await t.ctx.storage.put(
      `${workspaceId}/${source.id}.mp4`,
      Buffer.from('not a video at all'),
      'video/mp4',
    );
    const fit = mediaFit.parse((await api.post(`/api/media/${source.id}/fit`, { aspect: '1:1' })).json());
    await runJob(fit.id);
    expect(await readFit(api, fit.id)).toMatchObject({
      status: 'failed',
      error: videoFitMessages.failed,
      resultMedia: null,
    });
    expect(existsSync(fitTemp()) ? readdirSync(fitTemp()) : []).toEqual([]);
  });

  it('refuses: another workspace or unknown (404), a bad aspect or a JPEG of a video (400), a full quota (402)', async () => {
    const owner = await member(t);
    const stranger = await member(t);
    const source = await uploadVideo(owner.cookie, VIDEO_FIXTURES.landscape, 'clip.mp4');
    expect((await stranger.api.post(`/api/media/${source.id}/fit`, { aspect: '9:16' })).statusCode).toBe(404);
    expect((await owner.api.post(`/api/media/${randomUUID()}/fit`, { aspect: '9:16' })).statusCode).toBe(404);
    for (const body of [{ aspect: '16:9' }, { format: 'jpeg' }, {}, { format: 'webm' }]) {
      const refused = await owner.api.post(`/api/media/${source.id}/fit`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const fit = mediaFit.parse(
      (await owner.api.post(`/api/media/${source.id}/fit`, { format: 'mp4' })).json(),
    );
    expect((await stranger.api.get(`/api/media/fits/${fit.id}`)).statusCode).toBe(404);
    expect((await owner.api.get(`/api/media/fits/${randomUUID()}`)).statusCode).toBe(404);
    expect((await owner.api.get('/api/media/fits/not-a-uuid')).statusCode).toBe(400);

    // Fill the Free plan's quota but for less than the video's size: no job is queued.
    await t.ctx.database.db
      .update(workspaces)
      .set({ plan: 'free' })
      .where(eq(workspaces.id, owner.workspaceId));
    const fillerId = randomUUID();
    await insertMedia(t.ctx.database.db, owner.workspaceId, {
      id: fillerId,
      storageKey: `${owner.workspaceId}/${fillerId}.mp4`,
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: plans.free.limits.mediaStorageBytes - source.sizeBytes - 100,
      width: 540,
      height: 960,
    });
    const full = await owner.api.post(`/api/media/${source.id}/fit`, { aspect: '1:1' });
    expect(full.statusCode).toBe(402);
    expect(full.json().error.code).toBe('plan_limit');
    // The queued fit, once run, finds the quota full too (checked again before storing).
    await runJob(fit.id);
    expect((await readFit(owner.api, fit.id)).error).toMatch(/media storage is full/);
  });

  it('marks a fit whose process died failed on the sweep; the next request starts a new one', async () => {
    const { cookie, api } = await member(t);
    const source = await uploadVideo(cookie, VIDEO_FIXTURES.landscape, 'clip.mp4');
    const fit = mediaFit.parse((await api.post(`/api/media/${source.id}/fit`, { aspect: '4:5' })).json());
    // A worker claimed it and was killed: running, its last heartbeat three minutes ago.
    await t.ctx.database.db
      .update(mediaFits)
      .set({ status: 'running', progress: 0.4, updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(mediaFits.id, fit.id));
    const fresh = mediaFit.parse((await api.post(`/api/media/${source.id}/fit`, { aspect: '1:1' })).json());
    await t.ctx.database.db.update(mediaFits).set({ status: 'running' }).where(eq(mediaFits.id, fresh.id));

    // The killed process left its temporary folder (the running one keeps its own).
    for (const id of [fit.id, fresh.id]) {
      mkdirSync(join(fitTemp(), id), { recursive: true });
      writeFileSync(join(fitTemp(), id, 'source'), 'partial');
    }

    // The sweep job runs every minute on the workers.
    expect(allJobs).toEqual(expect.arrayContaining([mediaFitVideoJob, mediaFitVideoSweepJob]));
    expect(mediaFitVideoSweepJob.cron).toBe('* * * * *');
    await mediaFitVideoSweepJob.handle({}, { app: t.ctx, database: t.ctx.database, log: t.ctx.log });
    expect(await readFit(api, fit.id)).toMatchObject({ status: 'failed', error: videoFitMessages.abandoned });
    expect(existsSync(join(fitTemp(), fit.id))).toBe(false);
    // A fit with a recent heartbeat is left running, its folder too.
    expect((await readFit(api, fresh.id)).status).toBe('running');
    expect(existsSync(join(fitTemp(), fresh.id, 'source'))).toBe(true);
    // The job that comes late for the failed fit does nothing.
    await runJob(fit.id);
    expect((await readFit(api, fit.id)).status).toBe('failed');
    const retried = await api.post(`/api/media/${source.id}/fit`, { aspect: '4:5' });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().id).not.toBe(fit.id);
  });
});
