import { z } from 'zod';

/** The job that publishes one version of one post (jobs/publish-post.job.ts runs it). */
export const PUBLISH_POST_JOB = 'publish.post.v1';
export const publishPostPayload = z.object({ postId: z.uuid(), version: z.number().int().min(0) });
export type PublishPostPayload = z.infer<typeof publishPostPayload>;
