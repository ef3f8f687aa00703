import { aiPlanMessages, type VariantsBody, type VariantsResponse } from '../../../contracts/ai-plan';
import type { AppContext } from '../../context';
import type { VariantRequest, WrittenVariant } from '../../integrations/ai/ai-provider';
import { loadBrandKit } from '../brand-kit';
import { refundCredits, reserveCredits, settleCredits } from '../credits';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { asUserError } from './ai-errors';
import { gateText } from './quality-gate';
import { loadVoiceExamples } from './voice-examples.repository';

/**
 * POST /api/ai/variants (issue 30): the text adapted for each network, 1 credit per variant.
 * Credits are reserved first (fewer granted: the first networks only, with a notice); each
 * variant passes the quality gate, the failing ones are asked for once more with the reasons, and
 * what still fails is shown with them. A writer failure costs nothing.
 */
export async function writeVariantsForWorkspace(
  ctx: AppContext,
  actor: { workspaceId: string; userId: string },
  body: VariantsBody,
  signal?: AbortSignal,
): Promise<VariantsResponse> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.generation, actor.userId);
  const brandKit = await loadBrandKit(db, actor.workspaceId);
  const examples = await loadVoiceExamples(db, actor.workspaceId);
  const reservation = await reserveCredits(db, {
    workspaceId: actor.workspaceId,
    userId: actor.userId,
    requested: body.platforms.length,
    generator: ctx.ai.name,
    kind: 'variants',
  });
  const platforms = body.platforms.slice(0, reservation.granted);
  const input: VariantRequest = { text: body.text, hashtags: body.hashtags, platforms, brandKit, examples };
  let variants: (WrittenVariant & { problems: string[] })[];
  try {
    variants = gated(brandKit, await ctx.ai.writeVariants(input, { signal }));
    const failing = variants.filter((variant) => variant.problems.length > 0);
    if (failing.length > 0) {
      const retry = gated(
        brandKit,
        await ctx.ai.writeVariants(
          {
            ...input,
            platforms: failing.map((variant) => variant.platform),
            fix: [...new Set(failing.flatMap((variant) => variant.problems))],
          },
          { signal },
        ),
      );
      // The second answer replaces the first where it is no worse.
      variants = variants.map((variant) => {
        const again = retry.find((candidate) => candidate.platform === variant.platform);
        return again && again.problems.length <= variant.problems.length ? again : variant;
      });
    }
  } catch (error) {
    await refundCredits(db, reservation);
    throw asUserError(error, ctx.log);
  }
  await settleCredits(db, reservation, variants.length);
  return {
    variants,
    generator: ctx.ai.name,
    sandbox: ctx.ai.sandbox,
    ...(platforms.length < body.platforms.length && {
      notice: aiPlanMessages.creditsCover(platforms.length, body.platforms.length),
    }),
  };
}

function gated(kit: Parameters<typeof gateText>[0], written: WrittenVariant[]) {
  return written.map((variant) => ({
    ...variant,
    problems: gateText(kit, {
      platform: variant.platform,
      content: variant.content,
      hashtags: variant.hashtags,
      thread: variant.thread,
    }).problems,
  }));
}
