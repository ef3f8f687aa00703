import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import type { Plan } from '../../../../contracts/plans';
import { useNearViewportOrIdle } from '../use-near-viewport';
import { SectionHeading } from './section-heading';

// The cards read the plan table from the contracts, whose module also builds zod schemas; they
// load when the section comes near the screen, keeping zod out of the landing's first load.
const PricingCards = lazy(() => import('./pricing-cards').then((m) => ({ default: m.PricingCards })));

interface PricingSectionProps {
  onChoosePlan: (plan: Plan) => void;
}

export function PricingSection({ onChoosePlan }: PricingSectionProps) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewportOrIdle(ref);
  return (
    <section
      ref={ref}
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple, transparent pricing"
          description="Every plan starts with a 7-day free trial. No credit card required."
        />
        <Suspense fallback={<PricingSkeleton />}>
          {near ? <PricingCards onChoosePlan={onChoosePlan} /> : <PricingSkeleton />}
        </Suspense>
        <p className="mt-10 text-center text-sm text-balance text-slate-600">
          <ShieldCheck className="mr-1.5 inline size-4 align-[-3px] text-emerald-600" aria-hidden="true" />
          14-day money-back guarantee on every plan. Cancel anytime.
        </p>
      </div>
    </section>
  );
}

function PricingSkeleton() {
  return (
    <div className="mt-14 grid gap-6 lg:grid-cols-3" aria-hidden="true">
      {['a', 'b', 'c'].map((key) => (
        <div key={key} className="h-[30rem] animate-pulse rounded-3xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}
