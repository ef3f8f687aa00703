import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { exportVoiceExamples } from '../ai-studio';
import { exportBioPage } from '../bio-page';
import { loadBrandKit } from '../brand-kit';
import { findLinkSettings } from '../links';
import { toMedia } from '../media';
import { toPost } from '../posts';
import { getUserSettings } from '../settings';
import {
  findExportProfile,
  listCommentsOfPosts,
  listExportMediaPage,
  listExportMemberships,
  listExportNotificationsPage,
  listExportPostsPage,
  listExportSocialAccounts,
  listMetricTotalsOfPosts,
  listOwnCommentsOnOthersPostsPage,
  type PageCursor,
  summarizeGenerations,
} from './data-export.repository';
import { deferred, streamedArray, writeJsonChunks } from './json-stream';

/*
 * GET /api/user/export: everything of the user's, as one JSON file. Their profile, settings,
 * memberships and notifications; for each workspace they own, the workspace (plan, brand kit, the
 * voice examples pinned or excluded, bio page, link settings, social accounts without tokens, media, generations, every post with its
 * comments and latest metrics); for each workspace they only belong to, the posts they created and what they wrote.
 * Never the password, the access code (a sign-in secret), tokens or other members' emails.
 * Streamed a page at a time: a workspace may hold many thousands of posts.
 */

export const EXPORT_FORMAT = 'kitepost-export/1';
const PAGE_SIZE = 1000;

type Membership = Awaited<ReturnType<typeof listExportMemberships>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** kitepost-export-2026-11-30.json (the UTC day of the export). */
export function exportFilename(now: Date): string {
  return `kitepost-export-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The file's name and its text in chunks. The user is read before anything is sent, so a missing
 * user is a 404, not a broken download; the rest is read while the chunks are written. Media URLs
 * are absolute (`config.appUrl`), as the API shows them.
 */
export async function exportUserData(
  ctx: Pick<AppContext, 'database' | 'config'>,
  userId: string,
  now = new Date(),
) {
  const { db } = ctx.database;
  const profile = await findExportProfile(db, userId);
  if (!profile) throw new AppError('not_found', 'User not found');
  const memberships = await listExportMemberships(db, userId);
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
    settings: deferred(async () => {
      const {
        email: _email,
        firstName: _first,
        lastName: _last,
        ...preferences
      } = await getUserSettings(db, userId);
      return preferences;
    }),
    memberships: memberships.map((m) => ({
      workspaceId: m.workspaceId,
      workspaceName: m.name,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
    })),
    workspaces: memberships.map((m) =>
      m.role === 'owner' ? ownedWorkspace(ctx, m) : joinedWorkspace(ctx, userId, m),
    ),
    notifications: streamedArray(() =>
      pages(
        (cursor) => listExportNotificationsPage(db, userId, cursor, PAGE_SIZE),
        ({ row }) => row.id,
        (rows) =>
          rows.map(({ row }) => ({
            id: row.id,
            workspaceId: row.workspaceId,
            kind: row.kind,
            title: row.title,
            body: row.body,
            link: row.link,
            postId: row.postId,
            readAt: iso(row.readAt),
            createdAt: row.createdAt.toISOString(),
          })),
      ),
    ),
  };
  return { filename: exportFilename(now), chunks: writeJsonChunks(document) };
}

/** A workspace the user owns: all of it. */
function ownedWorkspace(ctx: Pick<AppContext, 'database' | 'config'>, m: Membership) {
  const { db } = ctx.database;
  const workspaceId = m.workspaceId;
  return {
    id: workspaceId,
    name: m.name,
    role: m.role,
    owned: true,
    createdAt: m.createdAt.toISOString(),
    plan: m.plan,
    subscriptionStatus: m.subscriptionStatus,
    trialEndsAt: iso(m.trialEndsAt),
    requireApproval: m.requireApproval,
    brandKit: deferred(() => loadBrandKit(db, workspaceId)),
    // The posts pinned as, or excluded from, the writer's voice examples (issue 30).
    voiceExamples: deferred(() => exportVoiceExamples(db, workspaceId)),
    bioPage: deferred(() => exportBioPage(db, workspaceId)),
    linkSettings: deferred(async () => {
      const settings = await findLinkSettings(db, workspaceId);
      return { shortLinks: settings?.shortLinks ?? false, utm: settings?.utm ?? true };
    }),
    socialAccounts: deferred(async () =>
      (await listExportSocialAccounts(db, workspaceId)).map((account) => ({
        ...account,
        connectedAt: account.connectedAt.toISOString(),
      })),
    ),
    media: streamedArray(() =>
      pages(
        (cursor) => listExportMediaPage(db, workspaceId, cursor, PAGE_SIZE),
        ({ row }) => row.id,
        (rows) => rows.map(({ row }) => toMedia(row, ctx.config.appUrl)),
      ),
    ),
    generations: deferred(() => summarizeGenerations(db, workspaceId)),
    postsScope: 'all',
    posts: postsOf(db, { workspaceId }),
  };
}

/** A workspace the user belongs to: only what they made there. */
function joinedWorkspace(ctx: Pick<AppContext, 'database' | 'config'>, userId: string, m: Membership) {
  const { db } = ctx.database;
  const workspaceId = m.workspaceId;
  return {
    id: workspaceId,
    name: m.name,
    role: m.role,
    owned: false,
    postsScope: 'created_by_you',
    posts: postsOf(db, { workspaceId, createdByUserId: userId }),
    commentsOnOtherPosts: streamedArray(() =>
      pages(
        (cursor) => listOwnCommentsOnOthersPostsPage(db, { workspaceId, userId }, cursor, PAGE_SIZE),
        (row) => row.id,
        (rows) => rows.map(({ cursorAt: _cursor, ...comment }) => toComment(comment)),
      ),
    ),
  };
}

/** Posts as the API shows them, each with its discussion and its latest metrics (or null). */
function postsOf(db: Db, filter: { workspaceId: string; createdByUserId?: string }) {
  return streamedArray(() =>
    pages(
      (cursor) => listExportPostsPage(db, filter, cursor, PAGE_SIZE),
      ({ row }) => row.id,
      async (rows) => {
        const ids = rows.map(({ row }) => row.id);
        const [comments, totals] = await Promise.all([
          listCommentsOfPosts(db, ids),
          listMetricTotalsOfPosts(db, ids),
        ]);
        const commentsByPost = new Map<string, typeof comments>();
        for (const comment of comments) {
          const list = commentsByPost.get(comment.postId);
          if (list) list.push(comment);
          else commentsByPost.set(comment.postId, [comment]);
        }
        const totalsByPost = new Map(totals.map((total) => [total.postId, total]));
        return rows.map(({ row }) => {
          const total = totalsByPost.get(row.id);
          return {
            ...toPost(row),
            comments: (commentsByPost.get(row.id) ?? []).map(toComment),
            metrics: total
              ? {
                  impressions: total.impressions,
                  reach: total.reach,
                  likes: total.likes,
                  comments: total.comments,
                  shares: total.shares,
                  clicks: total.clicks,
                  syncedAt: iso(total.syncedAt),
                }
              : null,
          };
        });
      },
    ),
  );
}

function toComment(comment: Awaited<ReturnType<typeof listCommentsOfPosts>>[number]) {
  return { ...comment, createdAt: comment.createdAt.toISOString() };
}

/** Reads page after page (keyset on created_at and id) until a short one, mapping each. */
async function* pages<Row extends { cursorAt: string }, Item>(
  load: (cursor: PageCursor | null) => Promise<Row[]>,
  idOf: (row: Row) => string,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): AsyncGenerator<Item[]> {
  let cursor: PageCursor | null = null;
  for (;;) {
    const rows = await load(cursor);
    if (rows.length > 0) yield await map(rows);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    cursor = { at: last.cursorAt, id: idOf(last) };
  }
}
