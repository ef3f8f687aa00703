import type { ClickKind, ShortLinkKind } from '../../src/contracts/links';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type { Db } from '../../src/server/db/client';
import { linkClicks } from '../../src/server/db/schema';
import { insertShortLink } from '../../src/server/modules/links';

/** A short link put in by SQL (issue 29): the redirect and analytics tests' starting point. */
export function seedShortLink(
  db: Db,
  link: {
    workspaceId: string;
    url?: string;
    target?: string;
    kind?: ShortLinkKind;
    postId?: string | null;
    platform?: PublishingPlatform | null;
    bioLinkId?: string | null;
  },
) {
  const url = link.url ?? 'https://bakery.example/menu';
  return insertShortLink(db, { kind: 'post', ...link, url, target: link.target ?? url });
}

export interface SeedClick {
  workspaceId: string;
  occurredAt?: Date;
  kind?: ClickKind;
  code?: string | null;
  postId?: string | null;
  platform?: PublishingPlatform | null;
  bioLinkId?: string | null;
  /** Same hash = same visitor that day. */
  visitorHash?: string;
  isBot?: boolean;
}

/** Clicks or bio page views put in by SQL, as the click recorder writes them. */
export async function seedClicks(db: Db, clicks: SeedClick[]) {
  if (clicks.length === 0) return;
  await db.insert(linkClicks).values(
    clicks.map((click, index) => ({
      kind: 'click' as const,
      visitorHash: click.visitorHash ?? `visitor-${index}`,
      ...click,
    })),
  );
}
