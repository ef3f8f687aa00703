import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { VOICE_EXCERPT_MAX, type VoiceState } from '../../../contracts/ai-voice';
import { engagementBaseOf, engagementRate, engagementsOf } from '../../../contracts/analytics';
import type { Db } from '../../db/client';
import { brandProfiles, postMetricTotals, posts, voiceExamples, workspaces } from '../../db/schema';
import type { WriterExample } from '../../integrations/ai/ai-provider';
import { postMetricValueColumns } from '../metrics';
import { pickVoiceExamples, VOICE_HISTORY_DAYS, type VoiceCandidate } from './voice-examples';

/*
 * The learned voice's reads and writes (issue 30, decision 094). One statement reads every
 * candidate: the workspace's posts published in the last VOICE_HISTORY_DAYS (the
 * posts_workspace_published_idx partial index) with their latest synced reading, plus the older
 * posts the user pinned or excluded (the voice_examples primary key). Nothing is cached: a pin
 * or a new reading counts at the next generation.
 */

const candidateColumns = {
  postId: posts.id,
  platform: posts.platform,
  // Only the excerpt is ever shown or sent: the database cuts the rest.
  text: sql<string>`left(${posts.content}, ${VOICE_EXCERPT_MAX})`.as('text'),
  publishedAt: posts.publishedAt,
  syncedAt: postMetricTotals.syncedAt,
  state: voiceExamples.state,
  ...postMetricValueColumns,
};

/** Every published post the voice may use or list, with its rate (null: not measured). */
export async function listVoiceCandidates(db: Db, workspaceId: string, now: Date): Promise<VoiceCandidate[]> {
  const since = new Date(now.getTime() - VOICE_HISTORY_DAYS * 86_400_000);
  const base = () =>
    db
      .select(candidateColumns)
      .from(posts)
      .leftJoin(
        postMetricTotals,
        and(eq(postMetricTotals.postId, posts.id), eq(postMetricTotals.workspaceId, workspaceId)),
      )
      .leftJoin(
        voiceExamples,
        and(eq(voiceExamples.postId, posts.id), eq(voiceExamples.workspaceId, workspaceId)),
      );
  const published = and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'published'));
  const rows = await unionAll(
    base().where(and(published, gt(posts.publishedAt, since))),
    base().where(and(published, lte(posts.publishedAt, since), isNotNull(voiceExamples.state))),
  );
  return rows.flatMap((row) => {
    if (!row.publishedAt) return [];
    const rate = row.syncedAt ? engagementRate(engagementsOf(row), engagementBaseOf(row)) : null;
    return [
      {
        postId: row.postId,
        platform: row.platform,
        text: row.text,
        publishedAt: row.publishedAt,
        engagementRate: rate,
        state: row.state,
      },
    ];
  });
}

/** The brand kit's "Learn from my best posts" switch; on for a workspace that never saved a kit. */
export async function findLearnFromResults(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ learn: brandProfiles.learnFromResults })
    .from(brandProfiles)
    .where(eq(brandProfiles.workspaceId, workspaceId));
  return row?.learn ?? true;
}

/**
 * The posts the writer is given as examples of the brand's voice (issue 30): pinned ones first,
 * then, with `learnFromResults` on, the best-performing published posts by engagement rate.
 * Callers that hold the brand kit pass its switch; otherwise it is read.
 */
export async function loadVoiceExamples(
  db: Db,
  workspaceId: string,
  kit?: { learnFromResults: boolean } | null,
): Promise<WriterExample[]> {
  const now = new Date();
  const learnFromResults = kit ? kit.learnFromResults : await findLearnFromResults(db, workspaceId);
  const picked = pickVoiceExamples(await listVoiceCandidates(db, workspaceId, now), {
    learnFromResults,
    now,
  });
  return picked.examples.map((example) => ({ platform: example.platform, text: example.excerpt }));
}

/** The post, when it is a published post of the workspace. */
export async function findPublishedPost(db: Db, workspaceId: string, postId: string) {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId), eq(posts.status, 'published')));
  return row;
}

/** Serialises the pins of one workspace (the 5-pin limit is checked, then written). */
export async function lockWorkspace(db: Db, workspaceId: string) {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

export async function countPinnedOthers(db: Db, workspaceId: string, postId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(voiceExamples)
    .where(
      and(
        eq(voiceExamples.workspaceId, workspaceId),
        eq(voiceExamples.state, 'pinned'),
        sql`${voiceExamples.postId} <> ${postId}`,
      ),
    );
  return row?.count ?? 0;
}

/** Pins or excludes the post; 'auto' removes the user's choice. */
export async function setVoiceState(
  db: Db,
  input: { workspaceId: string; postId: string; state: VoiceState; userId: string },
) {
  if (input.state === 'auto') {
    await db
      .delete(voiceExamples)
      .where(and(eq(voiceExamples.workspaceId, input.workspaceId), eq(voiceExamples.postId, input.postId)));
    return;
  }
  const values = { state: input.state, setByUserId: input.userId, createdAt: new Date() };
  await db
    .insert(voiceExamples)
    .values({ workspaceId: input.workspaceId, postId: input.postId, ...values })
    .onConflictDoUpdate({ target: [voiceExamples.workspaceId, voiceExamples.postId], set: values });
}

/** The user's pins and exclusions (GET /api/user/export): which post, which choice, since when. */
export async function exportVoiceExamples(db: Db, workspaceId: string) {
  const rows = await db
    .select({ postId: voiceExamples.postId, state: voiceExamples.state, createdAt: voiceExamples.createdAt })
    .from(voiceExamples)
    .where(eq(voiceExamples.workspaceId, workspaceId))
    .orderBy(asc(voiceExamples.createdAt), asc(voiceExamples.postId));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
