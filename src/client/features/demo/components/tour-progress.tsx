import { cn } from '../../../lib/cn';
import { TOUR_LENGTH, tourSteps } from '../demo-data';

/** The progress bar: step N of 6. */
export function TourProgress({ step, className }: { step: number; className?: string }) {
  const value = step + 1;
  const percent = Math.round((value / TOUR_LENGTH) * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label="Tour progress"
        aria-valuemin={1}
        aria-valuemax={TOUR_LENGTH}
        aria-valuenow={value}
        aria-valuetext={`Step ${value} of ${TOUR_LENGTH}`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-indigo-100"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 transition-[width] duration-300 ease-out motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 text-right text-xs font-semibold text-slate-600 tabular-nums" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}

/** One dot per step; the current one is marked aria-current="step". */
export function StepDots({
  step,
  onSelect,
  className,
}: {
  step: number;
  onSelect: (step: number) => void;
  className?: string;
}) {
  return (
    <ol className={cn('flex items-center gap-1', className)}>
      {tourSteps.map((item, index) => (
        <li key={item.title}>
          <button
            type="button"
            aria-label={`Go to step ${index + 1}`}
            aria-current={index === step ? 'step' : undefined}
            title={item.title}
            onClick={() => onSelect(index)}
            className="group flex h-7 min-w-7 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <span
              className={cn(
                'block h-2.5 rounded-full transition-all duration-200 motion-reduce:transition-none',
                index === step
                  ? 'w-6 bg-indigo-600'
                  : index < step
                    ? 'w-2.5 bg-indigo-400 group-hover:bg-indigo-500'
                    : 'w-2.5 bg-slate-400 group-hover:bg-slate-500',
              )}
            />
          </button>
        </li>
      ))}
    </ol>
  );
}
