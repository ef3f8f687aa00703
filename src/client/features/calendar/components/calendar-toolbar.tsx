import { ChevronLeft, ChevronRight, FileUp } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { type CalendarView, calendarViewLabels, calendarViews } from '../calendar-views';
import { ExportMenu } from './export-menu';

interface CalendarToolbarProps {
  view: CalendarView;
  title: string;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
  /** The range the Export menu downloads (null until the calendar has drawn), and the CSV's zone. */
  exportRange: { from: string; to: string } | null;
  zone: string;
}

const unit: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day' };

const arrow =
  'flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none';

/** Previous/next, Today, the heading ('December 2026'), Export and the Month/Week/Day toggle. */
export function CalendarToolbar({
  view,
  title,
  onPrev,
  onNext,
  onToday,
  onView,
  exportRange,
  zone,
}: CalendarToolbarProps) {
  return (
    // On a phone the heading takes the first row; from 640 px everything shares one.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
      <div className="flex items-center rounded-lg border border-slate-300 bg-white shadow-sm">
        <button type="button" onClick={onPrev} aria-label={`Previous ${unit[view]}`} className={arrow}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </button>
        <span aria-hidden="true" className="h-5 w-px bg-slate-200" />
        <button type="button" onClick={onNext} aria-label={`Next ${unit[view]}`} className={arrow}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
      <Button variant="outline" size="sm" onClick={onToday}>
        Today
      </Button>
      <Link href={paths.calendarImport} className={buttonClasses('outline', 'sm')}>
        <FileUp aria-hidden="true" />
        Import CSV
      </Link>
      <h2
        aria-live="polite"
        className="order-first min-h-7 w-full min-w-0 truncate text-lg font-semibold text-slate-900 sm:order-none sm:ml-1 sm:w-auto sm:flex-1 sm:text-xl"
      >
        {title}
      </h2>
      <ExportMenu range={exportRange} zone={zone} />
      <fieldset className="ml-auto flex rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Calendar view</legend>
        {calendarViews.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={view === item}
            onClick={() => onView(item)}
            className={cn(
              'h-8 rounded-md px-2 text-xs font-medium transition sm:px-3 sm:text-sm focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
              view === item ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {calendarViewLabels[item]}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
