import { z } from 'zod';
import { generationRequest } from '../../../contracts/generation';
import { composePostBody, createPostBody, schedulePostBody } from '../../../contracts/posts';
import { generateForWorkspace } from '../generation';
import { composePosts, createPost, schedulePost } from '../posts';
import { queuePost } from '../queue';
import { defineTool } from './mcp-tool';

/*
 * The tools that write: each calls the service its REST route calls, with the member the route
 * would hand it, so credits, plan limits, the platforms' checks and approvals apply alike.
 */

const postId = z.uuid({ message: 'Not a post id' });
const accountId = z.uuid({ message: 'Not an account id' });
const { platform, content, hashtags, firstComment, title } = createPostBody.shape;

const describedPost = {
  platform: platform.describe(
    'The network the post is written for: twitter (X), linkedin, facebook or instagram.',
  ),
  content: content.describe('The text of the post, without its hashtags.'),
  hashtags: hashtags.describe('Hashtags without "#", e.g. ["SpringMenu"]. They are added after the text.'),
};
/** Hashtags without the default empty list: for schedule_post, where they belong to a new post only. */
const newPostHashtags = hashtags.unwrap().optional().describe('For a new post: hashtags without "#".');

export const generateIdeasTool = defineTool({
  name: 'generate_ideas',
  title: 'Generate post ideas',
  description:
    "Writes 5-10 social media post ideas with Kitepost's AI writer, in the workspace's brand voice (brand kit) and the key creator's content language. Every idea is saved as a draft of the workspace and costs one AI credit of the plan's monthly credits; when the credits run out the tool answers an error saying so. Answers { posts, generator, notice? }: each post has an id to pass to schedule_post or queue_post.",
  permission: 'posts.write',
  input: z.object({
    campaignDescription: generationRequest.shape.campaignDescription.describe(
      'What to write about: the product, offer or event, in a sentence or two.',
    ),
    targetAudience: generationRequest.shape.targetAudience.describe(
      'Who the posts speak to, e.g. "local families".',
    ),
    businessType: generationRequest.shape.businessType.describe('The kind of business.'),
    contentType: generationRequest.shape.contentType.describe('The kind of post.'),
    tone: generationRequest.shape.tone.describe('The tone of voice.'),
    platforms: generationRequest.shape.platforms.describe(
      'The networks to write for, taken in turn (default: all four).',
    ),
    count: generationRequest.shape.count.describe('How many ideas, 5 to 10 (default 6).'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (ctx, caller, input) =>
    generateForWorkspace(
      ctx,
      { workspaceId: caller.workspaceId, userId: caller.userId },
      generationRequest.parse(input),
    ),
});

export const createDraftTool = defineTool({
  name: 'create_draft',
  title: 'Create a draft post',
  description:
    'Saves a new draft post in the workspace (nothing is published). Use schedule_post or queue_post with its id to send it out later. Answers { post }.',
  permission: 'posts.write',
  input: z.object({
    ...describedPost,
    socialAccountId: accountId
      .nullable()
      .optional()
      .describe('The connected account (an id from list_accounts) it will go out on; may be chosen later.'),
    title: title.describe('A title, for the networks and post types that show one (a LinkedIn document).'),
    firstComment: firstComment.describe(
      'A first comment posted right after the post, where the network allows one.',
    ),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (ctx, caller, input) => ({
    post: await createPost(ctx.database.db, caller, createPostBody.parse(input)),
  }),
});

export const schedulePostTool = defineTool({
  name: 'schedule_post',
  title: 'Schedule a post',
  description:
    "Schedules a post to be published at a given time: an existing draft (postId), or a new post written here (platform and content instead of postId). The post must pass its network's checks (length, hashtags, media) and the time must be in the future. With approvals on, a post scheduled by an editor key waits for an approver (status pending_approval). Answers { post, warnings }: warnings say what still needs doing, e.g. connecting an account.",
  permission: 'posts.write',
  input: z
    .object({
      postId: postId.optional().describe('The draft to schedule. Omit it to write a new post.'),
      scheduledAt: schedulePostBody.shape.scheduledAt.describe(
        'When it goes out: an ISO 8601 date-time with offset, in the future, e.g. 2026-12-01T14:00:00Z.',
      ),
      socialAccountId: accountId
        .optional()
        .describe('The connected account (an id from list_accounts) it goes out on.'),
      platform: describedPost.platform.optional().describe('For a new post: its network.'),
      content: describedPost.content.optional().describe('For a new post: its text, without hashtags.'),
      hashtags: newPostHashtags,
    })
    .superRefine((input, issues) => {
      const writesNew = input.platform !== undefined || input.content !== undefined;
      if (input.postId && (writesNew || input.hashtags !== undefined)) {
        issues.addIssue({
          code: 'custom',
          path: ['postId'],
          message: 'Give postId, or platform and content: not both.',
        });
      } else if (!input.postId && (input.platform === undefined || input.content === undefined)) {
        issues.addIssue({
          code: 'custom',
          path: ['postId'],
          message: 'Give the postId of a draft, or platform and content for a new post.',
        });
      }
    }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (ctx, caller, input) => {
    if (input.postId) {
      const { warnings, ...post } = await schedulePost(ctx, caller, input.postId, {
        scheduledAt: input.scheduledAt,
        socialAccountId: input.socialAccountId,
      });
      return { post, warnings };
    }
    // A new post goes through the composer's route (POST /api/posts/compose), checked before it is saved.
    const composed = await composePosts(
      ctx,
      caller,
      composePostBody.parse({
        content: input.content,
        hashtags: input.hashtags ?? [],
        targets: [{ platform: input.platform, socialAccountId: input.socialAccountId ?? null }],
        scheduledAt: input.scheduledAt,
      }),
    );
    return { post: composed.posts[0], warnings: composed.warnings };
  },
});

export const queuePostTool = defineTool({
  name: 'queue_post',
  title: 'Add a post to its queue',
  description:
    "Adds a post (a draft, from create_draft or generate_ideas) to its account's queue: it takes the next free time slot of the account's posting schedule, with the same checks as schedule_post. The post needs an account (or its network must have just one account in the workspace), and that account a posting schedule (set on the Queue page). Answers { post, warnings }; post.scheduledAt is the slot it got.",
  permission: 'posts.write',
  input: z.object({ postId: postId.describe('The post to queue.') }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (ctx, caller, input) => {
    const { warnings, ...post } = await queuePost(ctx, caller, input.postId);
    return { post, warnings };
  },
});
