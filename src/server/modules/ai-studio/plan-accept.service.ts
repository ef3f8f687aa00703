import { DateTime } from 'luxon';
import {
  type AiPlan,
  aiPlanMessages,
  type PlanAcceptBody,
  type PlanAcceptResponse,
} from '../../../contracts/ai-plan';
import { takesThread } from '../../../contracts/post-rules';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { loadBrandKit } from '../brand-kit';
import { insertPost, newPostRow, toPost } from '../posts';
import { claimPlanItem, countOpenItems, findPlan, updatePlan } from './plan.repository';
import { planView } from './plan-view';

type Actor = { workspaceId: string; userId: string };

/** GET /api/ai/plan/:id: another workspace's plan does not exist. */
export async function getPlan(ctx: AppContext, actor: Actor, planId: string): Promise<AiPlan> {
  const found = await findPlan(ctx.database.db, actor.workspaceId, planId);
  if (!found) throw new AppError('not_found', aiPlanMessages.notFound);
  return planView(found.plan, found.items, ctx.ai);
}

/**
 * POST /api/ai/plan/:id/accept: the chosen items become drafts planned at their times (on the
 * calendar), one campaign with the plan's generation id, all in one transaction. An item accepted
 * before is skipped; a time in the past refuses the whole request before anything is saved.
 */
export async function acceptPlan(
  ctx: AppContext,
  actor: Actor,
  planId: string,
  body: PlanAcceptBody,
  now = new Date(),
): Promise<PlanAcceptResponse> {
  const db = ctx.database.db;
  const found = await findPlan(db, actor.workspaceId, planId);
  if (!found) throw new AppError('not_found', aiPlanMessages.notFound);
  const { plan } = found;
  const byId = new Map(found.items.map((item) => [item.id, item]));
  const chosen = body.items.map((edit) => {
    const item = byId.get(edit.id);
    if (!item) throw new AppError('bad_request', aiPlanMessages.otherPlan);
    const plannedAt = edit.plannedAt ? new Date(edit.plannedAt) : item.plannedAt;
    return { edit, item, plannedAt };
  });
  for (const { item, plannedAt } of chosen) {
    if (item.acceptedAt === null && plannedAt.getTime() <= now.getTime()) {
      const label = DateTime.fromJSDate(plannedAt, { zone: plan.timeZone }).toFormat('ccc d LLL yyyy, HH:mm');
      throw new AppError('bad_request', aiPlanMessages.pastTime(label));
    }
  }
  const kit = await loadBrandKit(db, actor.workspaceId);
  const result = await db.transaction(async (tx) => {
    const accepted: PlanAcceptResponse['posts'] = [];
    const skipped: PlanAcceptResponse['skipped'] = [];
    for (const { edit, item, plannedAt } of chosen) {
      if (item.acceptedAt !== null) {
        skipped.push({ id: item.id, reason: aiPlanMessages.alreadyAccepted });
        continue;
      }
      // A thread as edited: its first post is the content, the rest its replies (X only).
      const thread = edit.thread ?? item.thread;
      const replies = takesThread(item.platform) && thread.length > 1 ? thread.slice(1) : [];
      const content = edit.content ?? (thread.length > 1 ? (thread[0] as string) : item.content);
      const row = await insertPost(tx, actor.workspaceId, {
        ...newPostRow(
          actor,
          {
            platform: item.platform,
            content,
            hashtags: edit.hashtags ?? item.hashtags,
            contentType: item.contentType,
            suggestedImagePrompt: item.suggestedImagePrompt || null,
            socialAccountId: item.socialAccountId,
            ...(replies.length > 0 && {
              postType: 'thread' as const,
              thread: replies.map((reply) => ({ content: reply, mediaIds: [] })),
            }),
            generationId: plan.generationId ?? undefined,
          },
          kit,
        ),
        scheduledAt: plannedAt,
      });
      // Two accepts at once: the second finds the item taken and rolls back.
      if (!(await claimPlanItem(tx, item.id, row.id, now))) {
        throw new AppError('conflict', 'This plan was just accepted elsewhere. Reload it and try again.');
      }
      accepted.push(toPost(row));
    }
    const open = await countOpenItems(tx, plan.id);
    await updatePlan(tx, plan.id, open === 0 && plan.status !== 'writing' ? { status: 'accepted' } : {});
    return { posts: accepted, skipped };
  });
  return result;
}
