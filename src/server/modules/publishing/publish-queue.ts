import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { posts } from '../../db/schema';

/** The job that publishes one version of one post (jobs/publish-post.job.ts runs it). */
export const PUBLISH_POST_JOB = 'publish.post.v1';
export const publishPostPayload = z.object({ postId: z.uuid(), version: z.number().int().min(0) });
export type PublishPostPayload = z.infer<typeof publishPostPayload>;
/**
 * How often a worker asks the queue for due publish jobs (pg-boss's floor is 0.5 s): a post goes
 * out at most about this late when nothing else is waiting. The sweeper's grace derives from it.
 */
export const PUBLISH_POLL_SECONDS = 0.5;

/**
 * Puts the publish job of this version of the post on the queue for `runAt`, replacing the job of
 * an earlier version. The job carries the version: if the post changes again before it runs, the
 * job finds another version and does nothing. When the queue cannot be reached the post stays
 * scheduled and the publishing sweeper (a worker's periodic scan of due posts) publishes it.
 */
export async function queuePublish(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>,
  post: { id: string; publishVersion: number; publishJobId: string | null },
  runAt: Date,
): Promise<void> {
  await dropPublishJob(ctx, post);
  try {
    const jobId = await ctx.jobs.send(
      PUBLISH_POST_JOB,
      { postId: post.id, version: post.publishVersion },
      { startAfter: runAt },
    );
    if (!jobId) return;
    await ctx.database.db
      .update(posts)
      .set({ publishJobId: jobId })
      .where(and(eq(posts.id, post.id), eq(posts.publishVersion, post.publishVersion)));
  } catch (error) {
    ctx.log.warn(
      { err: error, postId: post.id },
      'publish job not queued; the sweeper will publish the post',
    );
  }
}

/** Removes the post's pending publish job (cancel, back to draft); harmless when it already ran. */
export async function dropPublishJob(
  ctx: Pick<AppContext, 'jobs'>,
  post: { publishJobId: string | null },
): Promise<void> {
  if (post.publishJobId) await ctx.jobs.cancel(PUBLISH_POST_JOB, post.publishJobId);
}
