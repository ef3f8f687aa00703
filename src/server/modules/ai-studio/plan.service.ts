import { randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  type AiPlanItem,
  aiPlanMessages,
  MAX_PLAN_START_DAYS,
  type PlanBody,
} from '../../../contracts/ai-plan';
import { aiStudioByPlan } from '../../../contracts/ai-studio';
import type { BrandKit } from '../../../contracts/brand-kit';
import type { GenerationRequest } from '../../../contracts/generation';
import { platformLabels } from '../../../contracts/platforms';
import type { AppContext } from '../../context';
import type { GeneratedIdea, IdeaRequest, SlotNote } from '../../integrations/ai/ai-provider';
import { AppError } from '../../lib/app-error';
import { listBestTimes, userZoneOrUtc } from '../best-times';
import { checkBrand, loadBrandKit } from '../brand-kit';
import { refundCredits, reserveCredits, settleCredits } from '../credits';
import { findWorkspacePlan } from '../plans';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { getUserSettings } from '../settings';
import { asUserError } from './ai-errors';
import {
  type AiPlanRow,
  findUserZone,
  insertPlan,
  insertPlanItems,
  listBusyTimes,
  listPlanAccounts,
  listRecentPostTexts,
  type NewAiPlanItemRow,
  updatePlan,
} from './plan.repository';
import { mixPlan } from './plan-mix';
import { type PlacedSlot, type PlacementNetwork, placePlan } from './plan-placement';
import { planView } from './plan-view';
import { gateText } from './quality-gate';
import { loadVoiceExamples } from './voice-examples.repository';

/** Slots per writer request: small enough to stream progress, large enough to vary the batch. */
export const PLAN_BATCH = 8;
/** The workspace's latest posts the plan must not repeat. */
const RECENT_POSTS = 20;

export interface PlanEvents {
  signal?: AbortSignal;
  onItem?: (item: AiPlanItem) => void;
  onProgress?: (written: number, total: number) => void;
}

type Actor = { workspaceId: string; userId: string };
type PlannedSlot = PlacedSlot & SlotNote;

/**
 * POST /api/ai/plan (issue 30, decision 094): places the month's posts, reserves a credit for
 * each (fewer granted: the earliest only, with a notice), then writes them in batches of 8, each
 * item through the quality gate (one retry with the reasons), saving and reporting every batch.
 * When the client goes away the plan is `cut_short`: what was written stays, and is what is charged.
 */
export async function createPlan(ctx: AppContext, actor: Actor, body: PlanBody, events: PlanEvents = {}) {
  const db = ctx.database.db;
  const now = new Date();
  await enforceRateLimit(db, rateRules.generation, actor.userId);
  const planId = await findWorkspacePlan(db, actor.workspaceId);
  if (!planId) throw new AppError('not_found', 'Workspace not found');
  if (!aiStudioByPlan[planId].monthPlan) {
    throw new AppError('plan_limit', aiPlanMessages.freePlan, { planNeeded: 'starter' });
  }
  const timeZone = userZoneOrUtc(await findUserZone(db, actor.userId));
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
  const lastStart =
    DateTime.fromISO(today, { zone: timeZone }).plus({ days: MAX_PLAN_START_DAYS }).toISODate() ?? '';
  if (body.startsOn < today || body.startsOn > lastStart)
    throw new AppError('bad_request', aiPlanMessages.startsOn);

  const placed = await placeBrief(ctx, actor, body, timeZone, now);
  if (placed.length === 0) throw new AppError('bad_request', aiPlanMessages.nothingToPlace);
  const reservation = await reserveCredits(db, {
    workspaceId: actor.workspaceId,
    userId: actor.userId,
    requested: placed.length,
    generator: ctx.ai.name,
    kind: 'plan',
  });
  // Placed in time order: fewer credits keep the earliest posts.
  const slots = placed.slice(0, reservation.granted);
  const plan = await insertPlan(db, {
    workspaceId: actor.workspaceId,
    createdByUserId: actor.userId,
    brief: body,
    startsOn: body.startsOn,
    weeks: body.weeks,
    timeZone,
    status: 'writing',
    generationId: reservation.generationId,
    plannedCount: slots.length,
    generator: ctx.ai.name,
    notice: slots.length < placed.length ? aiPlanMessages.creditsCover(slots.length, placed.length) : null,
  });
  let items: Awaited<ReturnType<typeof writePlan>>;
  try {
    items = await writePlan(ctx, actor, plan, body, slots, events);
  } catch (error) {
    // Nothing was written: nothing is charged.
    await refundCredits(db, reservation);
    throw error;
  }
  const cutShort = items.length < slots.length;
  await settleCredits(db, reservation, items.length);
  const status = cutShort ? 'cut_short' : 'ready';
  await updatePlan(db, plan.id, { status, writtenCount: items.length });
  return planView({ ...plan, status, writtenCount: items.length }, items, ctx.ai);
}

/** Each network's account and candidate times, then the placement and the mix. */
async function placeBrief(
  ctx: AppContext,
  actor: Actor,
  body: PlanBody,
  timeZone: string,
  now: Date,
): Promise<PlannedSlot[]> {
  const db = ctx.database.db;
  const accounts = await listPlanAccounts(db, actor.workspaceId);
  const chosen = body.networks.map((network) => {
    if (network.accountId) {
      const account = accounts.find((candidate) => candidate.id === network.accountId);
      if (!account) throw new AppError('bad_request', aiPlanMessages.accountNotFound);
      if (account.platform !== network.platform) {
        throw new AppError('bad_request', aiPlanMessages.accountPlatform(platformLabels[network.platform]));
      }
      return { network, account };
    }
    const ofPlatform = accounts.filter((account) => account.platform === network.platform);
    return { network, account: ofPlatform.length === 1 ? ofPlatform[0] : undefined };
  });
  const accountIds = chosen.flatMap(({ account }) => (account ? [account.id] : []));
  const from = DateTime.fromISO(body.startsOn, { zone: timeZone }).toJSDate();
  const busy = await listBusyTimes(db, actor.workspaceId, accountIds, from);
  const measured =
    accountIds.length > 0 ? await listBestTimes(db, { workspaceId: actor.workspaceId, timeZone, now }) : [];
  const networks: PlacementNetwork[] = chosen.map(({ network, account }) => {
    const best = measured.find(
      (entry) => entry.accountId === account?.id && entry.source === 'account_history',
    );
    const queueOn = account?.queueSlots?.length && !account.queuePausedAt;
    return {
      platform: network.platform,
      accountId: account?.id ?? null,
      postsPerWeek: network.postsPerWeek,
      ...(queueOn && {
        queue: { slots: account.queueSlots ?? [], timeZone: account.queueTimeZone ?? timeZone },
      }),
      ...(best && { bestTimes: best.slots }),
      busy: busy
        .filter((row) => account && row.accountId === account.id)
        .flatMap((row) => [row.scheduledAt, row.queueSlotAt])
        .filter((at): at is Date => at !== null),
    };
  });
  const placed = placePlan({
    startsOn: body.startsOn,
    weeks: body.weeks,
    timeZone,
    now,
    skipDates: body.skipDates,
    networks,
  });
  const mixed = mixPlan(placed, { offers: body.offers, dates: body.dates }, timeZone);
  return placed.map((slot, index) => ({
    ...slot,
    ...(mixed[index] ?? { contentType: 'educational' }),
    dateLabel: DateTime.fromJSDate(slot.plannedAt, { zone: timeZone }).toFormat('cccc d LLLL'),
  }));
}

/** Writes the slots in batches; stops (keeping what was written) when the client goes away. */
async function writePlan(
  ctx: AppContext,
  actor: Actor,
  plan: AiPlanRow,
  body: PlanBody,
  slots: PlannedSlot[],
  events: PlanEvents,
) {
  const db = ctx.database.db;
  const brandKit = await loadBrandKit(db, actor.workspaceId);
  const examples = await loadVoiceExamples(db, actor.workspaceId);
  const { contentLanguage: language } = await getUserSettings(db, actor.userId);
  const recent = await listRecentPostTexts(db, actor.workspaceId, RECENT_POSTS);
  const written: Awaited<ReturnType<typeof insertPlanItems>> = [];
  for (let start = 0; start < slots.length; start += PLAN_BATCH) {
    const batch = slots.slice(start, start + PLAN_BATCH);
    let ideas: (GeneratedIdea & { problems: string[] })[];
    try {
      const input: Omit<IdeaRequest, 'seed'> = {
        request: briefRequest(body, batch, recent),
        slots: batch.map((slot) => slot.platform),
        slotNotes: batch.map(({ contentType, dateLabel, occasion }) => ({
          contentType,
          dateLabel,
          occasion,
        })),
        previousPosts: written.map((item) => item.content),
        examples,
        brandKit,
        language,
      };
      ideas = await writeBatch(ctx, input, events.signal);
    } catch (error) {
      // Gone, or failed after some batches: keep what was written (cut short). Nothing written: fail.
      if (events.signal?.aborted || written.length > 0) {
        ctx.log.warn({ err: error, planId: plan.id, written: written.length }, 'plan writing stopped early');
        break;
      }
      await updatePlan(db, plan.id, { status: 'cut_short' });
      throw asUserError(error, ctx.log);
    }
    const rows: NewAiPlanItemRow[] = batch.map((slot, index) => {
      const idea = ideas[index] as GeneratedIdea & { problems: string[] };
      return {
        position: start + index,
        platform: slot.platform,
        socialAccountId: slot.accountId,
        plannedAt: slot.plannedAt,
        contentType: slot.contentType,
        occasion: slot.occasion ?? null,
        content: idea.content,
        hashtags: idea.hashtags,
        thread: [],
        suggestedImagePrompt: idea.suggestedImagePrompt,
        problems: idea.problems,
        brandFindings: checkBrand(brandKit, idea),
      };
    });
    const saved = await insertPlanItems(db, plan, rows);
    written.push(...saved);
    await updatePlan(db, plan.id, { writtenCount: written.length });
    for (const item of saved) events.onItem?.(planView(plan, [item], ctx.ai).items[0] as AiPlanItem);
    events.onProgress?.(written.length, slots.length);
    if (events.signal?.aborted) break;
  }
  return written;
}

/** One batch through the writer and the quality gate: failing ideas are asked for once more. */
async function writeBatch(ctx: AppContext, input: Omit<IdeaRequest, 'seed'>, signal?: AbortSignal) {
  const kit = input.brandKit;
  const earlier = [...input.request.previousPosts, ...(input.previousPosts ?? [])];
  const first = await ctx.ai.generateIdeas({ ...input, seed: randomInt(2 ** 31) }, { signal });
  const ideas = first.slice(0, input.slots.length).map((idea) => gated(kit, idea, earlier));
  if (ideas.length < input.slots.length)
    throw new AppError('upstream_failed', 'The AI writer wrote too few posts.');
  const failing = ideas.flatMap((idea, index) => (idea.problems.length > 0 ? [index] : []));
  if (failing.length === 0) return ideas;
  const retry = await ctx.ai.generateIdeas(
    {
      ...input,
      slots: failing.map((index) => input.slots[index] as PlannedSlot['platform']),
      slotNotes: input.slotNotes && failing.map((index) => input.slotNotes?.[index] as SlotNote),
      previousPosts: [...(input.previousPosts ?? []), ...ideas.map((idea) => idea.content)],
      fix: [...new Set(failing.flatMap((index) => ideas[index]?.problems ?? []))],
      seed: randomInt(2 ** 31),
    },
    { signal },
  );
  failing.forEach((index, position) => {
    const again = retry[position] && gated(kit, retry[position], earlier);
    const before = ideas[index];
    if (again && before && again.problems.length <= before.problems.length) ideas[index] = again;
  });
  return ideas;
}

/** The gate's problems, and a repeated opening (the same first five words as an earlier post). */
function gated(kit: BrandKit | null, idea: GeneratedIdea, earlier: string[]) {
  const { problems } = gateText(kit, {
    platform: idea.platform,
    content: idea.content,
    hashtags: idea.hashtags,
  });
  const opening = openingOf(idea.content);
  if (opening && earlier.some((text) => openingOf(text) === opening))
    problems.push(aiPlanMessages.sameOpening);
  return { ...idea, problems };
}

function openingOf(text: string): string {
  return text.toLowerCase().split(/\s+/u).filter(Boolean).slice(0, 5).join(' ');
}

/** The brief as the writer's request: goal, offers and dates as the campaign (customer text, in <brief>). */
function briefRequest(body: PlanBody, batch: PlannedSlot[], recent: string[]): GenerationRequest {
  const offers = body.offers.map((offer) =>
    [offer.title, offer.details, offer.from && `from ${offer.from}`, offer.until && `until ${offer.until}`]
      .filter(Boolean)
      .join(', '),
  );
  const campaign = [body.goal, ...(offers.length > 0 ? [`Offers: ${offers.join('; ')}.`] : [])].join('\n');
  return {
    businessType: body.businessType ?? 'other',
    targetAudience: body.audience ?? '',
    campaignDescription: campaign.slice(0, 2000),
    contentType: batch[0]?.contentType ?? 'educational',
    tone: body.tone ?? 'professional',
    platforms: [...new Set(batch.map((slot) => slot.platform))],
    count: batch.length,
    previousPosts: recent,
  };
}
