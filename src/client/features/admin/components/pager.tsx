import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { pageSummary } from '../admin-display';

/** "Showing 1–100 of N" with Previous and Next, for a server-paged list. */
export function Pager({
  label,
  offset,
  shown,
  total,
  pageSize,
  busy,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  pageSize: number;
  /** Disables the buttons while a page loads. */
  busy: boolean;
  onOffsetChange: (offset: number) => void;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {pageSummary(offset, shown, total)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={offset === 0 || busy}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={offset + shown >= total || busy}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
