import { cn } from '../../../lib/cn';
import { legend, toneSwatchClasses } from '../post-status';

/**
 * Spec §2: the legend Scheduled, Published, Draft (and Failed, which Kitepost adds); 'Waiting
 * for approval' joins them where approvals are in use.
 */
export function CalendarLegend({
  className,
  showPending = false,
}: {
  className?: string;
  showPending?: boolean;
}) {
  return (
    <ul
      aria-label="Legend"
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm', className)}
    >
      {legend
        .filter((item) => showPending || item.tone !== 'pending')
        .map((item) => (
          <li key={item.tone} className="flex items-center gap-1.5 text-slate-700">
            <span aria-hidden="true" className={cn('size-3 rounded-sm', toneSwatchClasses[item.tone])} />
            {item.label}
          </li>
        ))}
    </ul>
  );
}
