import type { ContentType } from '../../../../contracts/content-options';
import type {
  AiProvider,
  CallOptions,
  GeneratedIdea,
  GenerateOptions,
  IdeaRequest,
  ReplyRequest,
  RewriteOptions,
  RewriteRequest,
  RewriteResult,
  SlotNote,
  VariantRequest,
  WrittenVariant,
} from '../ai-provider';
import { composeIdea, createBatchDecks, type Opening } from './compose-idea';
import { buildComposerContext, type ComposerContext, renderSafe } from './composer-context';
import { createRandom, hashText, type Random } from './random';
import { repliesOffline } from './replies';
import { rewriteOffline } from './rewrite-actions';
import { openingOf, sameOpening } from './templates';
import { variantsOffline } from './variants';

/**
 * Picks each idea's opening: the content type's own openings for the tone first, then the tone's
 * general ones, then those again behind a short lead-in ('Real talk.'), so that no two ideas of a
 * batch, and no idea and a post shown before ('Generate More'), start with the same words.
 */
function createOpeningPicker(ctx: ComposerContext, random: Random, usedOpenings: string[]) {
  const { request, copy, tone } = ctx;
  const hooks = [...random.shuffle(copy.hooks[request.tone]), ...random.shuffle(tone.hooks)];
  const leadIns = random.shuffle(tone.leadIns);
  const usedTemplates = new Set<string>();
  let fallbackCount = 0;

  const firstWord = (text: string) => openingOf(text).split(' ')[0];
  function* candidates(): Generator<{ key: string; text: string | null }> {
    for (const hook of hooks) yield { key: hook, text: renderSafe(ctx, hook) };
    // Lead-ins go round diagonally, so that the posts of one batch do not all open the same way.
    for (let shift = 0; shift < leadIns.length; shift += 1) {
      for (const [index, hook] of hooks.entries()) {
        const leadIn = leadIns[(index + shift) % leadIns.length] as string;
        const lead = renderSafe(ctx, leadIn);
        const text = renderSafe(ctx, hook);
        // 'Okay, friends! Okay, this one's good' stutters.
        const usable = lead && text && firstWord(lead) !== firstWord(text);
        yield { key: `${leadIn} ${hook}`, text: usable ? `${lead} ${text}` : null };
      }
    }
  }

  return (): Opening => {
    for (const { key, text } of candidates()) {
      if (!text || usedTemplates.has(key)) continue;
      const opening = openingOf(text);
      if (usedOpenings.some((used) => sameOpening(used, opening))) continue;
      usedTemplates.add(key);
      usedOpenings.push(opening);
      return { template: key, text };
    }
    // Past every opening and lead-in (well over 40 posts for one request): number them.
    fallbackCount += 1;
    const text = `${renderSafe(ctx, '{Topic}') ?? 'Our news'}, part ${usedOpenings.length + fallbackCount}.`;
    return { template: text, text };
  };
}

/** The context, randomness, openings and decks of one content type's ideas. */
function createWriter(input: IdeaRequest, usedOpenings: string[]) {
  const ctx = buildComposerContext(input);
  const { request } = input;
  // The request takes part in the seed, so two campaigns with the same seed still differ.
  const random = createRandom(
    hashText(
      [request.businessType, request.contentType, request.tone, request.campaignDescription].join('\u0000'),
      input.seed >>> 0,
    ),
  );
  const nextOpening = createOpeningPicker(ctx, random, usedOpenings);
  return { ctx, random, nextOpening, decks: createBatchDecks(ctx, random) };
}

/** 'Don't miss it: 20% off all tarts.' for an offer's post, 'Coming up: Our 10th birthday.' for a date's. */
function occasionLine(note: SlotNote): string {
  const occasion = note.occasion?.trim().replace(/[.!?…:;,]+$/u, '') ?? '';
  return note.contentType === 'promotional' ? `Don't miss it: ${occasion}.` : `Coming up: ${occasion}.`;
}

function throwIfAborted(signal: AbortSignal | undefined) {
  signal?.throwIfAborted();
}

/**
 * The embedded writer used when no AI provider is configured: it composes posts from the
 * campaign's own phrases, the business type's vocabulary and hand-written copy per content type
 * and tone, laid out and measured for each platform. No network; the same input and seed give
 * the same posts.
 */
export function createOfflineComposer(): AiProvider {
  return {
    name: 'offline composer',
    sandbox: true,
    async generateIdeas(input: IdeaRequest, options: GenerateOptions = {}): Promise<GeneratedIdea[]> {
      throwIfAborted(options.signal);
      const previousPosts = [...input.request.previousPosts, ...(input.previousPosts ?? [])];
      // Shared by every content type's writer, so no two ideas of a batch open the same way.
      const usedOpenings = previousPosts.map(openingOf).filter(Boolean);
      // A planned month names each slot's content type (slotNotes): one writer per type met.
      const writers = new Map<ContentType, ReturnType<typeof createWriter>>();
      const writerFor = (contentType: ContentType) => {
        const found = writers.get(contentType);
        if (found) return found;
        const request = { ...input.request, contentType, previousPosts };
        const writer = createWriter({ ...input, request }, usedOpenings);
        writers.set(contentType, writer);
        return writer;
      };
      const ideas: GeneratedIdea[] = [];
      for (const [index, platform] of input.slots.entries()) {
        throwIfAborted(options.signal);
        const note = input.slotNotes?.[index];
        const { ctx, nextOpening, decks, random } = writerFor(note?.contentType ?? input.request.contentType);
        // A planned post for an offer or a date that matters says which, where its type states offers.
        const slotCtx = note?.occasion ? { ...ctx, offerLine: occasionLine(note) } : ctx;
        const idea = composeIdea(slotCtx, platform, nextOpening(), decks, random);
        ideas.push(idea);
        options.onIdea?.(idea);
      }
      return ideas;
    },

    async rewriteText(input: RewriteRequest, options: RewriteOptions = {}): Promise<RewriteResult> {
      throwIfAborted(options.signal);
      const result = rewriteOffline(input);
      // All at once: the composer shows the new text the same way as a real writer's deltas.
      if (input.action !== 'hashtags') options.onText?.(result.text);
      return result;
    },

    async writeVariants(input: VariantRequest, options: CallOptions = {}): Promise<WrittenVariant[]> {
      throwIfAborted(options.signal);
      return variantsOffline(input);
    },

    async suggestReplies(input: ReplyRequest, options: CallOptions = {}): Promise<string[]> {
      throwIfAborted(options.signal);
      return repliesOffline(input);
    },
  };
}
