import { PlayCircle } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';

export function CtaSection({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2
          id="cta-title"
          className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Ready to put your social media on autopilot?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-indigo-100">
          Start your 7-day free trial today, or take the 5-minute demo to see Kitepost in action first.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="inverse" onClick={onStartTrial} data-opens-dialog>
            Start 7-Day Free Trial
          </Button>
          <Link
            href={paths.demo}
            className={buttonClasses(
              'ghost',
              'lg',
              'border border-white/40 text-white hover:bg-white/10 hover:text-white focus-visible:ring-white focus-visible:ring-offset-indigo-600',
            )}
          >
            <PlayCircle aria-hidden="true" />
            Take the 5-minute demo
          </Link>
        </div>
      </div>
    </section>
  );
}
