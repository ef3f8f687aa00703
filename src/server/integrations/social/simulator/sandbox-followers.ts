/*
 * Followers of a pretend account over time: a pure function of the account, so every read at the
 * same moment (and every web process) answers the same number, and the analytics screen's
 * follower growth draws a real curve.
 *
 *   followers(t) = base + floor(gain × (d + 0.35 × (sin(2πd/7 + φ) − sin φ)))
 *
 * where base is sandbox_accounts.followers (the count when the account was created), d the days
 * since then (0 before), gain = max(0.5, base × rate) followers a day with rate between 0.3% and
 * 1.2% a day, and rate and φ (the phase of a weekly rhythm) drawn from a hash of the account's
 * external id. The rhythm's slope (at most 0.35 × 2π/7 ≈ 0.31 of the gain) never outweighs the
 * gain, so the count never goes down, and it equals base at d = 0: never below 0.
 */

const DAY_MS = 86_400_000;
const WEEKLY_AMPLITUDE = 0.35;
const MIN_RATE = 0.003;
const RATE_SPREAD = 0.009;
const MIN_DAILY_GAIN = 0.5;

/** FNV-1a of the text, as a fraction in [0, 1). */
function unitHash(text: string, salt: string): number {
  let hash = 2_166_136_261;
  for (const char of `${salt}:${text}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash / 2 ** 32;
}

export function sandboxFollowers(
  account: { externalId: string; followers: number; createdAt: Date },
  now: Date,
): number {
  const base = Math.max(0, account.followers);
  const days = Math.max(0, (now.getTime() - account.createdAt.getTime()) / DAY_MS);
  const rate = MIN_RATE + RATE_SPREAD * unitHash(account.externalId, 'rate');
  const phase = 2 * Math.PI * unitHash(account.externalId, 'phase');
  const gain = Math.max(MIN_DAILY_GAIN, base * rate);
  const rhythm = WEEKLY_AMPLITUDE * (Math.sin((2 * Math.PI * days) / 7 + phase) - Math.sin(phase));
  return base + Math.max(0, Math.floor(gain * (days + rhythm)));
}
