import type { SessionUser } from '../../../contracts/auth';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left in the trial (rounded up, never negative); null when not trialing. */
export function trialDaysLeft(user: SessionUser, now: Date = new Date()): number | null {
  if (user.subscriptionStatus !== 'trialing' || !user.workspace.trialEndsAt) return null;
  const end = new Date(user.workspace.trialEndsAt).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export function trialHint(days: number): string {
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}

export function fullName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

export function userInitials(user: SessionUser): string {
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return initials || (user.email[0] ?? '?').toUpperCase();
}

export function formatDate(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: timeZone ?? undefined }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
  }
}
