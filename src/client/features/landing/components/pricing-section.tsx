import { ShieldCheck } from 'lucide-react';
import type { Plan } from '../../../../contracts/plans';
import { PricingCards } from './pricing-cards';
import { SectionHeading } from './section-heading';

interface PricingSectionProps {
  onChoosePlan: (plan: Plan) => void;
}

export function PricingSection({ onChoosePlan }: PricingSectionProps) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple, transparent pricing"
          description="Every plan starts with a 7-day free trial. No credit card required."
        />
        <PricingCards onChoosePlan={onChoosePlan} />
        <p className="mt-10 text-center text-sm text-balance text-slate-600">
          <ShieldCheck className="mr-1.5 inline size-4 align-[-3px] text-emerald-600" aria-hidden="true" />
          14-day money-back guarantee on every plan. Cancel anytime.
        </p>
      </div>
    </section>
  );
}
