import { and, eq, gte, ne, type SQL, sql } from 'drizzle-orm';
import type { GenerationKind } from '../../../contracts/ai-studio';
import type { Db } from '../../db/client';
import { generations, workspaces } from '../../db/schema';

/**
 * Credits the workspace has used since `since` (one per generated post, variant or planned post).
 * AI images are counted apart, against the plan's image allowance (decision 094).
 */
export function sumCreditsUsed(db: Db, workspaceId: string, since: Date): Promise<number> {
  return sumGenerated(db, workspaceId, since, ne(generations.kind, 'image'));
}

/** AI images and branded graphics made since `since` (one `generations` row of kind 'image' each). */
export function sumImagesUsed(db: Db, workspaceId: string, since: Date): Promise<number> {
  return sumGenerated(db, workspaceId, since, eq(generations.kind, 'image'));
}

/** The `post_count` of the workspace's generations since `since` of the kinds `kinds` selects. */
async function sumGenerated(db: Db, workspaceId: string, since: Date, kinds: SQL): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${generations.postCount}), 0)::int` })
    .from(generations)
    .where(and(eq(generations.workspaceId, workspaceId), gte(generations.createdAt, since), kinds));
  return row?.used ?? 0;
}

/** The workspace's plan, with its row locked until the transaction ends (serialises charges). */
export async function lockWorkspacePlan(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row?.plan;
}

export async function insertGeneration(
  db: Db,
  values: {
    workspaceId: string;
    userId: string;
    generator: string;
    postCount: number;
    createdAt: Date;
    kind?: GenerationKind;
  },
) {
  const [row] = await db.insert(generations).values(values).returning({ id: generations.id });
  if (!row) throw new Error('generation insert returned no row');
  return row.id;
}

export async function setGenerationPostCount(db: Db, generationId: string, postCount: number) {
  await db.update(generations).set({ postCount }).where(eq(generations.id, generationId));
}

export async function deleteGeneration(db: Db, generationId: string) {
  await db.delete(generations).where(eq(generations.id, generationId));
}
