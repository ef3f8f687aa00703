import type { PostStatus } from '../../../../contracts/posts';
import { cn } from '../../../lib/cn';
import { statusLabels, statusTones, toneBadgeClasses } from '../post-status';

/** A post's status in words, in its legend colour. */
export function StatusBadge({
  status,
  className,
  testId,
}: {
  status: PostStatus;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        toneBadgeClasses[statusTones[status]],
        className,
      )}
    >
      {statusLabels[status]}
    </span>
  );
}
