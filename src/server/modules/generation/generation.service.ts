import { randomInt, randomUUID } from 'node:crypto';
import {
  type GenerationRequest,
  type GenerationResponse,
  generationMessages,
} from '../../../contracts/generation';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { type Post, UNSAVED_ID_PREFIX, untouchedDraftFields } from '../../../contracts/posts';
import { defaultUserPreferences } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import {
  AiGenerationError,
  type AiProvider,
  type GeneratedIdea,
  type IdeaRequest,
} from '../../integrations/ai/ai-provider';
import { isEnglish, languageLabel } from '../../integrations/ai/content-language';
import { AppError } from '../../lib/app-error';
import { loadVoiceExamples } from '../ai-studio';
import { historyBestTimeLabels } from '../best-times';
import { loadBrandKit } from '../brand-kit';
import { refundCredits, reserveCredits, settleCredits } from '../credits';
import { insertPost, newPostRow, type PostActor, toPost } from '../posts';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { getUserSettings } from '../settings';
import { suggestPostInsights } from './post-insights';

/** Called with each post as soon as it is ready, for answers that stream. */
export type OnPost = (post: Post) => void;

/** One idea per slot, platforms taken in turn: 6 ideas for 4 platforms are L, I, X, F, L, I. */
export function slotsFor(platforms: PublishingPlatform[], count: number): PublishingPlatform[] {
  return Array.from(
    { length: count },
    (_, index) => platforms[index % platforms.length] as PublishingPlatform,
  );
}

/** A visitor's ideas: written, never saved (ids start with ai_), strictly rate limited per address. */
export async function generateForVisitor(
  ctx: AppContext,
  caller: { ip: string },
  request: GenerationRequest,
  options: { onPost?: OnPost; signal?: AbortSignal } = {},
): Promise<GenerationResponse> {
  await enforceRateLimit(ctx.database.db, rateRules.publicGeneration, caller.ip);
  const posts: Post[] = [];
  const keep = (idea: GeneratedIdea) => {
    if (posts.length >= request.count || posts.some((p) => sameIdea(p, idea))) return;
    const post = unsavedPost(idea, request);
    posts.push(post);
    options.onPost?.(post);
  };
  // A visitor has no settings: they get the default language, English.
  const language = defaultUserPreferences.contentLanguage;
  const slots = slotsFor(request.platforms, request.count);
  const ideas = await writeIdeas(ctx, { request, slots, brandKit: null, language }, keep, options.signal);
  for (const idea of ideas) keep(idea);
  return { posts, ...describeWriter(ctx.ai, language) };
}

/**
 * A signed-in user's ideas: credits are charged first (one per post, under a lock), each idea is
 * saved as a draft of the workspace the moment it arrives, and the charge is settled to what was
 * saved (refunded entirely when nothing was).
 */
export async function generateForWorkspace(
  ctx: AppContext,
  actor: PostActor,
  request: GenerationRequest,
  options: { onPost?: OnPost; signal?: AbortSignal } = {},
): Promise<GenerationResponse> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.generation, actor.userId);
  const kit = await loadBrandKit(db, actor.workspaceId);
  // The requesting user's own Settings › Content language, not a workspace-wide one.
  const { contentLanguage: language } = await getUserSettings(db, actor.userId);
  const measuredBestTimes = await historyBestTimeLabels(db, { ...actor, platforms: request.platforms });
  // The brand's best (and pinned) published posts, as examples of its voice (issue 30).
  const examples = await loadVoiceExamples(db, actor.workspaceId, kit);
  const reservation = await reserveCredits(db, {
    workspaceId: actor.workspaceId,
    userId: actor.userId,
    requested: request.count,
    generator: ctx.ai.name,
  });
  const saved: Post[] = [];
  const written: GeneratedIdea[] = [];
  // Saves run one after another, in the order the ideas arrive.
  let saving: Promise<void> = Promise.resolve();
  const keep = (idea: GeneratedIdea) => {
    if (written.length >= reservation.granted || written.some((w) => sameIdea(w, idea))) return;
    written.push(idea);
    saving = saving.then(async () => {
      const row = await insertPost(
        db,
        actor.workspaceId,
        newPostRow(
          actor,
          { ...ideaFields(idea, request, measuredBestTimes), generationId: reservation.generationId },
          kit,
        ),
      );
      const post = toPost(row);
      saved.push(post);
      options.onPost?.(post);
    });
  };
  try {
    const slots = slotsFor(request.platforms, reservation.granted);
    const ideas = await writeIdeas(
      ctx,
      { request, slots, brandKit: kit, language, examples },
      keep,
      options.signal,
    );
    for (const idea of ideas) keep(idea);
    await saving;
  } catch (error) {
    await saving.catch(() => undefined);
    if (saved.length === 0) {
      await refundCredits(db, reservation);
      throw error;
    }
    // Ideas already saved stay saved (and charged); the user sees them.
    ctx.log.warn(
      { err: error, saved: saved.length },
      'generation ended early; keeping the ideas saved so far',
    );
  }
  await settleCredits(db, reservation, saved.length);
  return { posts: saved, ...describeWriter(ctx.ai, language) };
}

async function writeIdeas(
  ctx: AppContext,
  input: Omit<IdeaRequest, 'seed'>,
  onIdea: (idea: GeneratedIdea) => void,
  signal: AbortSignal | undefined,
): Promise<GeneratedIdea[]> {
  const { slots } = input;
  try {
    return await ctx.ai.generateIdeas(
      { ...input, seed: randomInt(2 ** 31) },
      { onIdea: (idea) => (slots.includes(idea.platform) ? onIdea(idea) : undefined), signal },
    );
  } catch (error) {
    if (error instanceof AiGenerationError) {
      ctx.log.warn({ err: error, writer: ctx.ai.name, kind: error.kind }, 'AI generation failed');
      throw new AppError(error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_failed', error.message);
    }
    throw error;
  }
}

/**
 * Which writer wrote the posts and, when the offline composer (the sandbox writer, English only)
 * wrote them for someone whose content language is another, a notice saying so: a user who chose
 * Spanish must not be handed English posts without a word.
 */
function describeWriter(
  writer: Pick<AiProvider, 'name' | 'sandbox'>,
  language: string,
): Pick<GenerationResponse, 'generator' | 'notice'> {
  const generator = { name: writer.name, sandbox: writer.sandbox };
  if (!writer.sandbox || isEnglish(language)) return { generator };
  return { generator, notice: generationMessages.englishOnly(languageLabel(language)) };
}

function sameIdea(a: { platform: string; content: string }, b: { platform: string; content: string }) {
  return a.platform === b.platform && a.content === b.content;
}

/**
 * `measuredBestTimes`: per platform, the best time from the workspace's own account history
 * (best-times); it replaces the general advice where there is one.
 */
function ideaFields(
  idea: GeneratedIdea,
  request: GenerationRequest,
  measuredBestTimes: Partial<Record<PublishingPlatform, string>> = {},
) {
  const insights = suggestPostInsights(idea.platform, request.businessType, request.contentType);
  return {
    platform: idea.platform,
    content: idea.content,
    hashtags: idea.hashtags,
    suggestedImagePrompt: idea.suggestedImagePrompt,
    tone: request.tone,
    contentType: request.contentType,
    ...insights,
    bestTimeToPost: measuredBestTimes[idea.platform] ?? insights.bestTimeToPost,
  };
}

function unsavedPost(idea: GeneratedIdea, request: GenerationRequest): Post {
  const now = new Date().toISOString();
  const fields = ideaFields(idea, request);
  return {
    id: `${UNSAVED_ID_PREFIX}${randomUUID()}`,
    ...fields,
    ...untouchedDraftFields(),
    createdAt: now,
    updatedAt: now,
  };
}
