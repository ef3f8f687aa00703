import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from './rate-limits.repository';

export interface RateRule {
  /** Names the counter, e.g. 'signin'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The limits on every sign-in path (architecture §6) and public forms. Counted per client address. */
export const rateRules = {
  signIn: { name: 'signin', max: 10, windowSeconds: 60 },
  signUp: { name: 'signup', max: 5, windowSeconds: 60 },
  accessCode: { name: 'access-code', max: 10, windowSeconds: 60 },
  adminCode: { name: 'admin-code', max: 5, windowSeconds: 300 },
  newsletter: { name: 'newsletter', max: 5, windowSeconds: 600 },
  /** A visitor's generations cost real money on a real AI provider: few, per address. */
  publicGeneration: { name: 'generate-public', max: 5, windowSeconds: 3600 },
  /** Per user: credits bound a plan's use, but Enterprise has no bound. */
  generation: { name: 'generate', max: 30, windowSeconds: 600 },
  /** Per workspace: each set-up may create objects at the payment provider. */
  billingSetup: { name: 'billing-setup', max: 20, windowSeconds: 600 },
  /** The public invite page (per address) and accepting (per user): nobody probes for a link. */
  invitationLookup: { name: 'invitation-lookup', max: 30, windowSeconds: 60 },
  /** Invitations sent, per workspace and per inviter: each send is an email to any address. */
  invitationsPerWorkspace: { name: 'invitations-workspace', max: 20, windowSeconds: 3600 },
  invitationsPerInviter: { name: 'invitations-inviter', max: 20, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/** Counts a hit and throws a 429 AppError (with Retry-After) once the window is full. */
export async function enforceRateLimit(db: Db, rule: RateRule, subject: string) {
  const { count, windowStartedAt } = await hitRateLimit(db, `${rule.name}:${subject}`, rule.windowSeconds);
  if (count > rule.max) {
    const resetsAt = windowStartedAt.getTime() + rule.windowSeconds * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000));
    throw new AppError('rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, {
      retryAfterSeconds,
    });
  }
}
