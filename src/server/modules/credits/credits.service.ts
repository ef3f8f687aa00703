import { aiImageMessages } from '../../../contracts/ai-images';
import { aiStudioByPlan, type GenerationKind } from '../../../contracts/ai-studio';
import type { CreditsResponse } from '../../../contracts/credits';
import { generationMessages } from '../../../contracts/generation';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findWorkspacePlan } from '../plans';
import { creditBalance, creditPeriod, creditsToGrant } from './credit-balance';
import {
  deleteGeneration,
  insertGeneration,
  lockWorkspacePlan,
  setGenerationPostCount,
  sumCreditsUsed,
  sumImagesUsed,
} from './credits.repository';

export async function getCredits(db: Db, workspaceId: string, now = new Date()): Promise<CreditsResponse> {
  const plan = await findWorkspacePlan(db, workspaceId);
  if (!plan) throw new AppError('not_found', 'Workspace not found');
  const period = creditPeriod(now);
  const used = await sumCreditsUsed(db, workspaceId, period.start);
  const images = await sumImagesUsed(db, workspaceId, period.start);
  return {
    ...creditBalance(plans[plan].limits.aiPostsPerMonth, used),
    resetsAt: period.resetsAt.toISOString(),
    images: creditBalance(aiStudioByPlan[plan].imagesPerMonth, images),
  };
}

/** The 402 once the month's images are made: when they start over, as 'December 1' (UTC). */
function imagesUsedUp(limit: number, now: Date): AppError {
  const resets = creditPeriod(now).resetsAt.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return new AppError('plan_limit', aiImageMessages.allowanceUsed(limit, resets));
}

/**
 * Refuses (402) when the month's images are all made: checked before an image is made, so a
 * refused request costs no model call. chargeImage checks again under the lock.
 */
export async function assertImageAllowance(db: Db, workspaceId: string, now = new Date()): Promise<void> {
  const plan = await findWorkspacePlan(db, workspaceId);
  if (!plan) throw new AppError('not_found', 'Workspace not found');
  const limit = aiStudioByPlan[plan].imagesPerMonth;
  if (limit === null) return;
  const used = await sumImagesUsed(db, workspaceId, creditPeriod(now).start);
  if (used >= limit) throw imagesUsedUp(limit, now);
}

/**
 * Charges one image, once it is stored (a failed image costs nothing), under the same workspace
 * row lock as reserveCredits, so two requests at once cannot both take the last image. Answers
 * the images left this month (null: no limit); a 402 when another request took the last one.
 */
export async function chargeImage(
  db: Db,
  input: { workspaceId: string; userId: string; generator: string },
  now = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const plan = await lockWorkspacePlan(tx, input.workspaceId);
    if (!plan) throw new AppError('not_found', 'Workspace not found');
    const limit = aiStudioByPlan[plan].imagesPerMonth;
    const used = await sumImagesUsed(tx, input.workspaceId, creditPeriod(now).start);
    if (limit !== null && used >= limit) throw imagesUsedUp(limit, now);
    await insertGeneration(tx, { ...input, postCount: 1, createdAt: now, kind: 'image' });
    return limit === null ? null : limit - used - 1;
  });
}

export interface CreditReservation {
  generationId: string;
  /** How many posts may be written: the request, or what is left of the allowance. */
  granted: number;
}

/**
 * Charges the credits before the writer runs, under a lock on the workspace row, so two
 * generations at once cannot both spend the last credits. Throws a 402 when none are left.
 * The caller settles the charge to what was really written, or refunds it on failure.
 */
export async function reserveCredits(
  db: Db,
  input: {
    workspaceId: string;
    userId: string;
    requested: number;
    generator: string;
    /** What the credits pay for: generated posts (the default), platform variants, a planned month. */
    kind?: Exclude<GenerationKind, 'image'>;
  },
  now = new Date(),
): Promise<CreditReservation> {
  return db.transaction(async (tx) => {
    const plan = await lockWorkspacePlan(tx, input.workspaceId);
    if (!plan) throw new AppError('not_found', 'Workspace not found');
    const period = creditPeriod(now);
    const used = await sumCreditsUsed(tx, input.workspaceId, period.start);
    const granted = creditsToGrant(input.requested, creditBalance(plans[plan].limits.aiPostsPerMonth, used));
    if (granted === 0) throw new AppError('plan_limit', generationMessages.creditsExhausted);
    const generationId = await insertGeneration(tx, {
      workspaceId: input.workspaceId,
      userId: input.userId,
      generator: input.generator,
      postCount: granted,
      createdAt: now,
      kind: input.kind ?? 'posts',
    });
    return { generationId, granted };
  });
}

/** Charges exactly the posts written (never more than reserved). */
export async function settleCredits(db: Db, reservation: CreditReservation, written: number) {
  const charged = Math.min(written, reservation.granted);
  if (charged === 0) return refundCredits(db, reservation);
  if (charged !== reservation.granted) await setGenerationPostCount(db, reservation.generationId, charged);
}

export async function refundCredits(db: Db, reservation: CreditReservation) {
  await deleteGeneration(db, reservation.generationId);
}
