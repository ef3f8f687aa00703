import { type AiImageBody, type AiImageResponse, aiImageMessages } from '../../../contracts/ai-images';
import {
  type AiCapabilities,
  aiStudioByPlan,
  imageAspectFor,
  imageAspects,
} from '../../../contracts/ai-studio';
import type { BrandKit } from '../../../contracts/brand-kit';
import { MAX_MEDIA_PER_POST } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { uncoveredCharacter } from '../../integrations/ai/images/graphics/font-coverage';
import { GraphicTextError } from '../../integrations/ai/images/graphics/graphic-renderer';
import { ImageGenerationError } from '../../integrations/ai/images/image-provider';
import { AppError } from '../../lib/app-error';
import { loadBrandKit } from '../brand-kit';
import { assertImageAllowance, chargeImage } from '../credits';
import { deleteMedia, findMediaByIds, uploadMedia } from '../media';
import { findWorkspacePlan } from '../plans';
import { type PostWriter, requirePost, updatePost } from '../posts';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { graphicContent } from './graphic-content';

/**
 * POST /api/ai/images (issue 30, decision 094): an AI image, or a branded graphic (offline, or
 * asked for), stored in the media library and charged against the month's image allowance only
 * once it is stored, so a failure costs nothing. With `postId` it is added to that draft.
 */
export async function createAiImage(
  ctx: AppContext,
  actor: PostWriter,
  body: AiImageBody,
): Promise<AiImageResponse> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.aiImage, actor.userId);
  const draft = body.postId ? await requireDraft(ctx, actor, body.postId) : undefined;
  await assertImageAllowance(db, actor.workspaceId);
  const size = imageAspects[body.aspectRatio ?? imageAspectFor(body.platform)];
  const graphic = body.kind === 'graphic' || ctx.images.sandbox;

  let made: { bytes: Buffer; template: AiImageBody['template'] | null };
  let generator: AiImageResponse['generator'];
  if (graphic) {
    const content = graphicContent(body);
    // Refused before any work: the renderer would draw empty boxes for these letters.
    if (uncoveredCharacter(`${content.headline} ${content.details}`) !== undefined) {
      throw new AppError('bad_request', aiImageMessages.scriptNotCovered);
    }
    const kit = await loadBrandKit(db, actor.workspaceId);
    const bytes = await ctx.graphics
      .renderGraphic({ ...content, ...size, brand: await graphicBrand(ctx, actor.workspaceId, kit) })
      .catch(userError);
    made = { bytes, template: content.template };
    // A graphic asked for is the real thing; one made because no image model is set stands in.
    generator = { name: 'offline renderer', sandbox: body.kind === 'auto' };
  } else {
    const image = await ctx.images.createImage({ prompt: body.prompt, ...size }).catch(userError);
    made = { bytes: image.bytes, template: null };
    generator = { name: ctx.images.name, sandbox: ctx.images.sandbox };
  }

  const media = await uploadMedia(ctx, actor, {
    bytes: made.bytes,
    fileName: graphic ? `graphic-${made.template}.png` : 'ai-image.png',
    origin: {
      source: graphic ? 'ai_graphic' : 'ai_image',
      prompt: body.prompt,
      generator: generator.name,
      template: made.template,
    },
  });
  let imagesLeft: number | null;
  try {
    imagesLeft = await chargeImage(db, { ...actor, generator: generator.name });
  } catch (error) {
    // Another request took the last image meanwhile: this one is not kept.
    await deleteMedia(ctx, actor.workspaceId, media.id).catch(() => {});
    throw error;
  }
  if (draft && body.postId) {
    await updatePost(ctx, actor, body.postId, { mediaIds: [...draft.mediaIds, media.id] });
  }
  return { media, generator, imagesLeft };
}

/** GET /api/ai/capabilities: which writer and image maker answer, and what the plan includes. */
export async function aiCapabilities(ctx: AppContext, workspaceId: string): Promise<AiCapabilities> {
  const plan = await findWorkspacePlan(ctx.database.db, workspaceId);
  if (!plan) throw new AppError('not_found', 'Workspace not found');
  return {
    writer: { name: ctx.ai.name, sandbox: ctx.ai.sandbox },
    images: { name: ctx.images.name, sandbox: ctx.images.sandbox },
    translate: !ctx.ai.sandbox,
    ...aiStudioByPlan[plan],
  };
}

/** The draft the image goes on: this workspace's, still a draft, with room for one more. */
async function requireDraft(ctx: AppContext, actor: PostWriter, postId: string) {
  const post = await requirePost(ctx.database.db, actor, postId);
  if (post.status !== 'draft') throw new AppError('bad_request', aiImageMessages.postNotDraft);
  if (post.mediaIds.length >= MAX_MEDIA_PER_POST) {
    throw new AppError('bad_request', `A post can have at most ${MAX_MEDIA_PER_POST} images or videos.`);
  }
  return post;
}

async function graphicBrand(ctx: AppContext, workspaceId: string, kit: BrandKit | null) {
  return {
    name: kit?.brandName ?? '',
    primaryColour: kit?.primaryColour ?? null,
    accentColour: kit?.accentColour ?? null,
    font: kit?.graphicFont ?? 'sans',
    logo: kit?.logoMediaId ? await logoBytes(ctx, workspaceId, kit.logoMediaId) : null,
  };
}

/** The logo's stored file; a logo that is gone or not an image is left out of the graphic. */
async function logoBytes(ctx: AppContext, workspaceId: string, mediaId: string) {
  const [row] = await findMediaByIds(ctx.database.db, workspaceId, [mediaId]);
  if (!row?.mimeType.startsWith('image/')) return null;
  return ctx.storage.read(row.storageKey).catch(() => null);
}

function userError(error: unknown): never {
  if (error instanceof GraphicTextError) throw new AppError('bad_request', error.message);
  if (error instanceof ImageGenerationError) {
    const code =
      error.kind === 'refused'
        ? 'bad_request'
        : error.kind === 'timeout'
          ? 'upstream_timeout'
          : 'upstream_failed';
    throw new AppError(code, error.message);
  }
  throw error;
}
