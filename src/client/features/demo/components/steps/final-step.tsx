import { Check, PartyPopper } from 'lucide-react';
import { serverPaths } from '../../../../app/paths';
import { Button, buttonClasses } from '../../../../components/ui/button';

const included = [
  'AI posts for Facebook, Instagram, LinkedIn and Twitter',
  'A content calendar with smart scheduling',
  'Analytics to see what works',
  '14-day money-back guarantee',
];

/** Step 6: the call to action. Start Free Trial is a full-page navigation to provider sign-in. */
export function FinalStep({ onClose }: { onClose: () => void }) {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-10 text-center shadow-xl sm:px-12 sm:py-14">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 -left-20 size-72 rounded-full bg-violet-400/20 blur-2xl"
      />
      <div className="relative">
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-white/15 text-white ring-1 ring-white/30">
          <PartyPopper className="size-7" aria-hidden="true" />
        </div>
        <h3 className="mt-5 text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
          Your next month of posts, planned in minutes
        </h3>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-indigo-100">
          You have seen the dashboard, the AI generator, the calendar and your accounts. Now try them with
          your own business.
        </p>
        <ul className="mx-auto mt-6 grid max-w-xl gap-2 text-left text-sm text-white sm:grid-cols-2">
          {included.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-indigo-200" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a
            href={serverPaths.login}
            className={buttonClasses(
              'inverse',
              'lg',
              'focus-visible:ring-white focus-visible:ring-offset-indigo-600',
            )}
          >
            Start Free Trial
          </a>
          <Button
            size="lg"
            variant="ghost"
            onClick={onClose}
            className="border border-white/40 text-white hover:bg-white/10 hover:text-white focus-visible:ring-white focus-visible:ring-offset-indigo-600"
          >
            Close Demo
          </Button>
        </div>
        <p className="mt-5 text-sm text-indigo-100">
          7-day free trial • No credit card required • Cancel anytime
        </p>
      </div>
    </div>
  );
}
