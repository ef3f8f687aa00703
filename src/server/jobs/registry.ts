import { approvalOverdueJob } from './approval-overdue.job';
import { billingLifecycleJob } from './billing-lifecycle.job';
import { cleanupExpiredJob } from './cleanup-expired.job';
import { emailSendJob } from './email-send.job';
import { evergreenRecycleJob } from './evergreen-recycle.job';
import { feedPollJob, feedPollSweepJob } from './feed-poll.job';
import type { JobDefinition } from './job-definition';
import { mediaFitVideoJob, mediaFitVideoSweepJob } from './media-fit-video.job';
import { metricsSyncJob } from './metrics-sync.job';
import { postFollowUpsJob, postFollowUpsSweepJob } from './post-follow-ups.job';
import { publishPostJob } from './publish-post.job';
import { recurringPostsJob } from './recurring-posts.job';
import { socialTokenLifecycleJob } from './social-token-lifecycle.job';
import { webhookDeliverJob } from './webhook-deliver.job';
import { weeklyReportJob } from './weekly-report.job';

export const allJobs: JobDefinition[] = [
  cleanupExpiredJob,
  socialTokenLifecycleJob,
  publishPostJob as JobDefinition,
  postFollowUpsJob as JobDefinition,
  postFollowUpsSweepJob as JobDefinition,
  billingLifecycleJob,
  metricsSyncJob,
  weeklyReportJob,
  approvalOverdueJob,
  emailSendJob as JobDefinition,
  mediaFitVideoJob as JobDefinition,
  mediaFitVideoSweepJob as JobDefinition,
  feedPollJob as JobDefinition,
  feedPollSweepJob as JobDefinition,
  recurringPostsJob,
  evergreenRecycleJob,
  webhookDeliverJob as JobDefinition,
];
