import { type PlanId, plans, type SubscriptionStatus } from '../../../contracts/plans';
import type { BadgeVariant } from '../../components/ui/badge';

/**
 * How the admin screen words a user (spec §4) and its list (paging, audit entries). Pure, so each
 * rule is unit tested.
 */

export interface BadgeLook {
  label: string;
  variant: BadgeVariant;
}

/**
 * Spec §4: an inactive account shows 'Inactive'; an active one 'Active' when its subscription is
 * active, 'Past Due' when past_due, otherwise 'Free'.
 */
export function userStatusLook(user: {
  isActive: boolean;
  subscriptionStatus: SubscriptionStatus;
}): BadgeLook {
  if (!user.isActive) return { label: 'Inactive', variant: 'outline' };
  if (user.subscriptionStatus === 'active') return { label: 'Active', variant: 'success' };
  if (user.subscriptionStatus === 'past_due') return { label: 'Past Due', variant: 'destructive' };
  return { label: 'Free', variant: 'secondary' };
}

const planVariants: Record<PlanId, BadgeVariant> = {
  free: 'outline',
  starter: 'secondary',
  professional: 'default',
  enterprise: 'warning',
};

/** Spec §4 plan badges: Enterprise, Professional, Free (and Starter, architecture §10). */
export function planLook(plan: PlanId): BadgeLook {
  return { label: plans[plan].name, variant: planVariants[plan] };
}

/** 'Ada Lovelace'; a user without a last name is just 'Ada'. */
export function fullName(user: {
  firstName: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** Spec §8 delete confirmation. */
export function deleteQuestion(name: string): string {
  return `Are you sure you want to permanently delete ${name}? This action cannot be undone and will remove all user data.`;
}

/** '$1,234' for the Monthly Revenue card (whole dollars, the plans cost whole dollars). */
export function formatRevenue(dollars: number): string {
  return `$${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(dollars)}`;
}

/** 'Showing 1–100 of 250'; an empty list shows 'Showing 0 of 0'. */
export function pageSummary(offset: number, shown: number, total: number): string {
  if (shown === 0) return `Showing 0 of ${total}`;
  return `Showing ${offset + 1}–${offset + shown} of ${total}`;
}

/** Joined date as 'Nov 20, 2026' in the viewer's time zone. */
export function formatJoined(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** When an audit entry happened: 'Nov 20, 2026, 10:04 AM'. */
export function formatWhen(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What a person reads first in an entry; the rest follow alphabetically. */
const leadingFields = [
  'email',
  'firstName',
  'lastName',
  'subscriptionPlan',
  'subscriptionStatus',
  'isActive',
  'hasAccessCode',
];

/** Bookkeeping that says nothing in a created or deleted row's summary. */
const quietFields = new Set(['id', 'createdAt', 'updatedAt', 'workspaceId', 'isSystem', 'role']);

/** An empty object says as little as null (a deletion may record `after: {}`). */
export function presentRow(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  return row && Object.keys(row).length > 0 ? row : null;
}

function fieldRank(field: string): number {
  const index = leadingFields.indexOf(field);
  return index === -1 ? leadingFields.length : index;
}

/**
 * The fields an audit entry changed, before → after. An update lists only what changed; a
 * created row (only `after`) or a deleted one (only `before`) lists its fields without the
 * bookkeeping ones.
 */
export function auditChanges(
  beforeRow: Record<string, unknown> | null | undefined,
  afterRow: Record<string, unknown> | null | undefined,
): FieldChange[] {
  const before = presentRow(beforeRow);
  const after = presentRow(afterRow);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => fieldRank(a) - fieldRank(b) || a.localeCompare(b),
  );
  const whole = !before || !after;
  return keys.flatMap((field) => {
    if (whole && quietFields.has(field)) return [];
    const from = show(before?.[field]);
    const to = show(after?.[field]);
    if (!whole && from === to) return [];
    return [{ field, before: from, after: to }];
  });
}

/** 'admin.user_status_changed' → 'User status changed' (the admin. prefix says nothing here). */
export function actionLabel(action: string): string {
  const words = action
    .replace(/^admin\./, '')
    .replace(/[._-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
