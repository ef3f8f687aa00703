/*
 * LinkedIn's versioned API (`LinkedIn-Version: YYYYMM` on every /rest call, platforms.md L4).
 * LinkedIn releases a version each month and serves the last twelve: in March 2026 the supported
 * versions were 202504 to 202603 (learn.microsoft.com/en-us/linkedin/marketing/versioning, quoted in
 * ComposioHQ/composio#3113). An older one is refused on every call with
 * `426 {"status":426,"code":"NONEXISTENT_VERSION","message":"Requested version 20250401 is not active"}`
 * (n8n-io/n8n#28967, ComposioHQ/composio#3231, PipedreamHQ/pipedream#7739): a pinned version
 * silently stops every post about a year after its release. Pure: tested alone.
 */

/**
 * The version used when LINKEDIN_API_VERSION is not set: a recent release. Move it forward (and
 * re-read the Posts and Images API changes) at least every few months; /api/health warns once the
 * version in use is older than WARN_AFTER_MONTHS.
 */
export const DEFAULT_LINKEDIN_API_VERSION = '202610';

/** A version as LINKEDIN_API_VERSION takes it: `YYYYMM`. */
export const LINKEDIN_API_VERSION_PATTERN = /^(20\d\d)(0[1-9]|1[0-2])$/;

/** LinkedIn serves a version for twelve months, the month of its release included. */
export const ACTIVE_MONTHS = 12;
/**
 * /api/health warns from this age on (a version released in January warns from November: older
 * than 10 months by the calendar), two months before LinkedIn stops serving it.
 */
export const WARN_AFTER_MONTHS = 10;

/** How many whole months `version` (YYYYMM) is older than `now`'s month (UTC); null if malformed. */
export function versionAgeMonths(version: string, now: Date): number | null {
  const match = /^(\d{4})(\d{2})(?:\.\d{2})?$/.exec(version);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return (now.getUTCFullYear() - year) * 12 + (now.getUTCMonth() + 1 - month);
}

/** Does LinkedIn still serve `version` at `now` (released, and within its twelve months)? */
export function isActiveLinkedInVersion(version: string, now: Date): boolean {
  const age = versionAgeMonths(version, now);
  return age !== null && age >= 0 && age < ACTIVE_MONTHS;
}

export interface LinkedInVersionCheck {
  /** `warning`: sunsets within two months; `expired`: LinkedIn no longer serves it (every call 426). */
  status: 'ok' | 'warning' | 'expired';
  version: string;
  detail?: string;
}

/** What /api/health says about the LinkedIn-Version this server sends. */
export function linkedInVersionCheck(version: string, now: Date): LinkedInVersionCheck {
  const age = versionAgeMonths(version, now) ?? 0;
  if (!isActiveLinkedInVersion(version, now)) {
    return {
      status: 'expired',
      version,
      detail:
        age < 0
          ? `LinkedIn-Version ${version} is not released yet: LinkedIn refuses every call (426). Set LINKEDIN_API_VERSION to a released version.`
          : `LinkedIn-Version ${version} is ${age} months old and no longer served: LinkedIn refuses every call (426 NONEXISTENT_VERSION). Set LINKEDIN_API_VERSION to a version of the last few months.`,
    };
  }
  if (age >= WARN_AFTER_MONTHS) {
    return {
      status: 'warning',
      version,
      detail: `LinkedIn-Version ${version} is ${age} months old; LinkedIn stops serving a version after ${ACTIVE_MONTHS} months. Move LINKEDIN_API_VERSION to a recent version.`,
    };
  }
  return { status: 'ok', version };
}
