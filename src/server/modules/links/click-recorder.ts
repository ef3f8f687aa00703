import type { FastifyRequest } from 'fastify';
import type { ClickKind } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { AppContext } from '../../context';

/** A click on a short link, or a view of a bio page. */
export interface Visit {
  workspaceId: string;
  kind: ClickKind;
  code?: string | null;
  postId?: string | null;
  platform?: PublishingPlatform | null;
  bioLinkId?: string | null;
}

/**
 * Counts a visit after the reply is sent: bot check by user agent, the day's salted visitor hash,
 * the country when a local database is configured; written in batches. Never throws.
 * SCAFFOLD: helper A replaces this body (the signature stays).
 */
export function recordVisit(_ctx: AppContext, _request: FastifyRequest, _visit: Visit): void {}
