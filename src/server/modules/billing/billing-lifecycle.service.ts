import { plans } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import { notifyWorkspace } from '../notifications';
import { emitSubscriptionChanged } from '../webhooks';
import { claimTrialReminders, endTrial, listEndedTrials } from './billing.repository';
import { receiveBillingEvent } from './billing-events.service';

/** The trial-ending reminder goes out this long before the trial ends. */
export const TRIAL_REMINDER_MS = 2 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BillingLifecycleReport {
  reminded: number;
  trialsEnded: number;
  /** Events the sandbox produced by time passing (renewals, cancellations at period end). */
  sandboxEvents: number;
}

/**
 * The billing job (every 10 minutes): reminds trials that end within 2 days (once), moves ended
 * trials to the free plan (data kept, the free plan's limits apply), and in the sandbox lets time
 * pass at the provider, whose events go through the webhook code. Safe to run again at any time
 * and from two workers at once: every step claims its rows with a conditional update.
 */
export async function runBillingLifecycle(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs'>,
  now = new Date(),
): Promise<BillingLifecycleReport> {
  const report: BillingLifecycleReport = { reminded: 0, trialsEnded: 0, sandboxEvents: 0 };

  const horizon = new Date(now.getTime() + TRIAL_REMINDER_MS);
  for (const trial of await claimTrialReminders(ctx.database.db, now, horizon)) {
    const planName = plans[trial.plan].name;
    const days = Math.max(
      1,
      Math.ceil(((trial.trialEndsAt?.getTime() ?? now.getTime()) - now.getTime()) / DAY_MS),
    );
    await notifyWorkspace(ctx, {
      workspaceId: trial.id,
      kind: 'trial_ending',
      title: `Your ${planName} trial ends ${days === 1 ? 'tomorrow' : `in ${days} days`}`,
      body: `Choose a plan to keep everything in ${planName}. Without one, your workspace moves to the Free plan when the trial ends; your posts and accounts are kept.`,
      link: '/subscribe',
    });
    report.reminded++;
  }

  for (const trial of await listEndedTrials(ctx.database.db, now)) {
    if (!(await endTrial(ctx.database.db, trial.id, now))) continue;
    const planName = plans[trial.plan].name;
    const { limits } = plans.free;
    await notifyWorkspace(ctx, {
      workspaceId: trial.id,
      kind: 'trial_ended',
      title: `Your ${planName} trial has ended`,
      body: `Your workspace is now on the Free plan: ${limits.aiPostsPerMonth} AI posts a month and ${limits.socialAccounts} social account. Your posts and accounts are kept; choose a plan to get ${planName} back.`,
      link: '/subscribe',
    });
    await emitSubscriptionChanged(ctx, trial.id, { plan: 'free', status: 'active' });
    report.trialsEnded++;
  }

  const { sandbox } = ctx.billing;
  if (sandbox) {
    for (const event of await sandbox.advance(now)) {
      await receiveBillingEvent(ctx, 'sandbox', event, now);
      report.sandboxEvents++;
    }
  }
  return report;
}
