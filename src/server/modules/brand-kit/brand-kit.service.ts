import {
  type BrandKit,
  type BrandKitResponse,
  brandKitMessages,
  emptyBrandKit,
} from '../../../contracts/brand-kit';
import type { Db } from '../../db/client';
import { requireWorkspaceImages } from '../media';
import { checkBrand } from './brand-check';
import {
  type BrandProfileRow,
  findBrandProfile,
  listUnpublishedPostTexts,
  setPostBrandFindings,
  upsertBrandProfile,
} from './brand-kit.repository';

function toBrandKit(row: BrandProfileRow): BrandKit {
  return {
    brandName: row.brandName,
    voiceDescription: row.voiceDescription,
    defaultTone: row.defaultTone,
    audience: row.audience,
    keywords: row.keywords,
    bannedWords: row.bannedWords,
    requiredHashtags: row.requiredHashtags,
    emojiPolicy: row.emojiPolicy,
    logoMediaId: row.logoMediaId,
    primaryColour: row.primaryColour,
    accentColour: row.accentColour,
    description: row.description,
    graphicFont: row.graphicFont,
    learnFromResults: row.learnFromResults,
  };
}

/** The workspace's brand kit, or null when it never saved one. */
export async function loadBrandKit(db: Db, workspaceId: string): Promise<BrandKit | null> {
  const row = await findBrandProfile(db, workspaceId);
  return row ? toBrandKit(row) : null;
}

export async function getBrandKit(db: Db, workspaceId: string): Promise<BrandKitResponse> {
  const row = await findBrandProfile(db, workspaceId);
  return row
    ? { ...toBrandKit(row), updatedAt: row.updatedAt.toISOString() }
    : { ...emptyBrandKit, updatedAt: null };
}

/** Saves the kit and re-checks the workspace's unpublished posts against it. */
export async function saveBrandKit(db: Db, workspaceId: string, kit: BrandKit): Promise<BrandKitResponse> {
  // The logo is shown on the public bio page: only an image of this workspace's own library.
  if (kit.logoMediaId) {
    await requireWorkspaceImages(db, workspaceId, [kit.logoMediaId], {
      notFound: brandKitMessages.logoNotFound,
      notImage: brandKitMessages.logoNotImage,
    });
  }
  const deduped: BrandKit = {
    ...kit,
    keywords: unique(kit.keywords),
    bannedWords: unique(kit.bannedWords),
    requiredHashtags: unique(kit.requiredHashtags),
  };
  const row = await db.transaction(async (tx) => {
    const saved = await upsertBrandProfile(tx, workspaceId, deduped);
    await recheckPostsAgainstBrand(tx, workspaceId, deduped);
    return saved;
  });
  return { ...toBrandKit(row), updatedAt: row.updatedAt.toISOString() };
}

/** Posts not yet out keep their findings current with the kit; published ones keep their history. */
async function recheckPostsAgainstBrand(db: Db, workspaceId: string, kit: BrandKit) {
  for (const post of await listUnpublishedPostTexts(db, workspaceId)) {
    const findings = checkBrand(kit, post);
    if (JSON.stringify(findings) !== JSON.stringify(post.brandFindings)) {
      await setPostBrandFindings(db, workspaceId, post.id, findings);
    }
  }
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
