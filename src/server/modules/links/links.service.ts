import {
  type LinkSettings,
  type LinkSettingsBody,
  linksByPlan,
  type PostLink,
} from '../../../contracts/links';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireLinksFeature } from '../plans';
import {
  findLinkSettings,
  listPostShortLinks,
  type StoredLinkSettings,
  upsertLinkSettings,
} from './links.repository';
import { shortUrlOf } from './shorten-text';

type SettingsContext = Pick<AppContext, 'config' | 'database'>;

/** The workspace's link settings, what its plan allows, and where short links point. */
export async function getLinkSettings(ctx: SettingsContext, workspaceId: string): Promise<LinkSettings> {
  const stored = await findLinkSettings(ctx.database.db, workspaceId);
  if (!stored) throw new AppError('not_found', 'Workspace not found');
  return toLinkSettings(ctx, stored);
}

/**
 * Saves the settings. Turning short links on needs a plan with them (402 otherwise); turning them
 * off, or changing UTM, is allowed on any plan, so a downgraded workspace can still tidy up.
 */
export async function saveLinkSettings(
  ctx: SettingsContext,
  workspaceId: string,
  body: LinkSettingsBody,
): Promise<LinkSettings> {
  const stored = await findLinkSettings(ctx.database.db, workspaceId);
  if (!stored) throw new AppError('not_found', 'Workspace not found');
  if (body.shortLinks) requireLinksFeature(stored.plan, 'shortLinks');
  await upsertLinkSettings(ctx.database.db, workspaceId, body);
  return toLinkSettings(ctx, { ...stored, ...body });
}

function toLinkSettings(ctx: SettingsContext, stored: StoredLinkSettings): LinkSettings {
  return {
    shortLinks: stored.shortLinks,
    utm: stored.utm,
    available: linksByPlan[stored.plan].shortLinks,
    origin: ctx.config.links.shortOrigin,
  };
}

/** A post's short links as its detail shows them, in the order they appear in its texts. */
export async function listPostLinks(ctx: SettingsContext, postId: string): Promise<PostLink[]> {
  const rows = await listPostShortLinks(ctx.database.db, postId);
  return rows.map((row) => ({
    code: row.code,
    url: row.url,
    target: row.target,
    shortUrl: shortUrlOf(ctx.config.links.shortOrigin, row.code),
  }));
}
