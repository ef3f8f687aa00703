import { ChevronLeft, ChevronRight, FlaskConical } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { TOUR_LENGTH, tourSteps } from '../demo-data';
import { StepContent } from './step-content';
import { StepDots, TourProgress } from './tour-progress';

interface DemoTourProps {
  /** 0..5 (spec §4). */
  step: number;
  onStepChange: (step: number) => void;
  onClose: () => void;
}

/** The tour: the step's title and progress, the step's mock screen, then Previous / dots / Next. */
export function DemoTour({ step, onStepChange, onClose }: DemoTourProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The step last shown (null before the first): focus and scroll move only on a change. */
  const shownStep = useRef<number | null>(null);
  const current = tourSteps[step] ?? tourSteps[0];
  const isFirst = step === 0;
  const isLast = step === TOUR_LENGTH - 1;

  useEffect(() => {
    const heading = headingRef.current;
    if (!heading || shownStep.current === step) return;
    const isStart = shownStep.current === null;
    shownStep.current = step;
    if (isStart) {
      // Just started: the intro's Start Demo button is gone, so bring focus to the first step.
      heading.focus({ preventScroll: true });
      return;
    }
    // A new step: show its top if the reader had scrolled past it (the mock screens are long).
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) sectionRef.current?.scrollIntoView({ block: 'start' });
    // Previous or Next just became disabled under the focus: move focus to the step's title.
    const active = document.activeElement;
    if (!active || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) {
      heading.focus({ preventScroll: true });
    }
  }, [step]);

  const go = (next: number) => onStepChange(Math.min(Math.max(next, 0), TOUR_LENGTH - 1));

  return (
    <section
      ref={sectionRef}
      aria-labelledby="demo-step-title"
      className="scroll-mt-4 rounded-3xl border border-slate-200 bg-white shadow-xl shadow-indigo-900/5"
    >
      <header className="rounded-t-3xl border-b border-slate-200 bg-gradient-to-b from-indigo-50/80 to-white px-5 pt-5 pb-6 sm:px-8 sm:pt-7">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-sm font-semibold text-indigo-700">Kitepost product tour</h1>
          <p className="inline-flex items-center gap-1 rounded-full border border-amber-200 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Sample data
          </p>
        </div>
        <div aria-live="polite" aria-atomic="true" className="mt-3">
          <h2
            ref={headingRef}
            id="demo-step-title"
            tabIndex={-1}
            className="rounded-md text-2xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:text-3xl"
          >
            {`Step ${step + 1} of ${TOUR_LENGTH}: ${current.title}`}
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-pretty text-slate-600 sm:text-base">
            {current.description}
          </p>
        </div>
        <TourProgress step={step} className="mt-5" />
      </header>

      <div className="px-3 py-5 sm:px-8 sm:py-8">
        <StepContent step={step} onClose={onClose} />
      </div>

      <nav
        aria-label="Tour steps"
        className="grid grid-cols-2 items-center gap-3 rounded-b-3xl border-t border-slate-200 bg-white px-5 py-4 sm:flex sm:justify-between sm:px-8"
      >
        <Button
          variant="outline"
          onClick={() => go(step - 1)}
          disabled={isFirst}
          className="justify-self-start"
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <StepDots
          step={step}
          onSelect={go}
          className="col-span-2 row-start-1 justify-self-center sm:col-span-1"
        />
        <Button onClick={() => go(step + 1)} disabled={isLast} className="justify-self-end">
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </section>
  );
}
