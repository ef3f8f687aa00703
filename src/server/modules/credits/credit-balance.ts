/**
 * Credit arithmetic (pure). One credit is one generated post; the allowance is the plan's
 * `aiPostsPerMonth` (null = unlimited) and starts over on the first instant of each calendar
 * month in UTC, the same for every workspace, whatever its time zone.
 */
export interface CreditPeriod {
  start: Date;
  resetsAt: Date;
}

export function creditPeriod(now: Date): CreditPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}

export interface CreditBalance {
  used: number;
  limit: number | null;
  remaining: number | null;
}

export function creditBalance(limit: number | null, used: number): CreditBalance {
  if (limit === null) return { used, limit: null, remaining: null };
  return { used, limit, remaining: Math.max(0, limit - used) };
}

/** How many posts a request for `requested` may have: all of them, what is left, or 0. */
export function creditsToGrant(requested: number, balance: CreditBalance): number {
  if (balance.remaining === null) return requested;
  return Math.max(0, Math.min(requested, balance.remaining));
}
