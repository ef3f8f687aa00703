import {
  type LinkSettings,
  type LinkSettingsBody,
  linksByPlan,
  type PostLink,
  SHORT_LINK_PATH,
} from '../../../contracts/links';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireShortLinks } from '../plans';
import { findLinkSettings, listPostShortLinks, upsertLinkSettings } from './links.repository';

type SettingsContext = Pick<AppContext, 'config' | 'database'>;

/** The workspace's link settings, what its plan allows, and where short links point. */
export async function getLinkSettings(ctx: SettingsContext, workspaceId: string): Promise<LinkSettings> {
  const stored = await findLinkSettings(ctx.database.db, workspaceId);
  if (!stored) throw new AppError('not_found', 'Workspace not found');
  return {
    shortLinks: stored.shortLinks,
    utm: stored.utm,
    available: linksByPlan[stored.plan].shortLinks,
    origin: ctx.config.links.shortOrigin,
  };
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
  if (body.shortLinks) requireShortLinks(stored.plan);
  await upsertLinkSettings(ctx.database.db, workspaceId, body);
  return getLinkSettings(ctx, workspaceId);
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

/** `<origin>/l/<code>`: what a post publishes in place of a link. */
export function shortUrlOf(origin: string, code: string): string {
  return `${origin}${SHORT_LINK_PATH}${code}`;
}
