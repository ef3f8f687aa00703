import type { PostStatus } from '../../../contracts/posts';

/**
 * The colours of the calendar's legend (spec §2: Scheduled, Published, Draft; plus Failed, and
 * amber for a post waiting for approval).
 */
export type StatusTone = 'scheduled' | 'pending' | 'published' | 'draft' | 'failed';

export const statusTones: Record<PostStatus, StatusTone> = {
  draft: 'draft',
  pending_approval: 'pending',
  approved: 'draft',
  scheduled: 'scheduled',
  publishing: 'scheduled',
  published: 'published',
  failed: 'failed',
  missed: 'failed',
  cancelled: 'draft',
};

export const statusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Waiting for approval',
  approved: 'Approved',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

export const legend: { tone: StatusTone; label: string }[] = [
  { tone: 'scheduled', label: 'Scheduled' },
  { tone: 'pending', label: 'Waiting for approval' },
  { tone: 'published', label: 'Published' },
  { tone: 'draft', label: 'Draft' },
  { tone: 'failed', label: 'Failed' },
];

export const toneSwatchClasses: Record<StatusTone, string> = {
  scheduled: 'bg-indigo-600',
  pending: 'bg-amber-500',
  published: 'bg-emerald-600',
  draft: 'border border-dashed border-slate-500 bg-slate-200',
  failed: 'bg-red-600',
};

export const toneBadgeClasses: Record<StatusTone, string> = {
  scheduled: 'border-transparent bg-indigo-50 text-indigo-800',
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  published: 'border-transparent bg-emerald-50 text-emerald-800',
  draft: 'border-slate-300 bg-white text-slate-700',
  failed: 'border-transparent bg-red-50 text-red-800',
};

/** What the user may do with a post in this state (the server enforces the same). */
export const postActions = {
  edit: (status: PostStatus) => !['publishing', 'published', 'cancelled'].includes(status),
  reschedule: (status: PostStatus) => status === 'scheduled',
  schedule: (status: PostStatus) => ['draft', 'approved', 'cancelled'].includes(status),
  cancel: (status: PostStatus) => ['draft', 'pending_approval', 'approved', 'scheduled'].includes(status),
  retry: (status: PostStatus) => status === 'failed' || status === 'missed',
  delete: (status: PostStatus) => status !== 'publishing',
};
