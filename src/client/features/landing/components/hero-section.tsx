import { CalendarClock, Check, KeyRound, PlayCircle, Sparkles } from 'lucide-react';
import { paths } from '../../../app/paths';
import { Button, buttonClasses } from '../../../components/ui/button';
import { claims } from '../content';

interface HeroSectionProps {
  onStartTrial: () => void;
  onUserLogin: () => void;
}

export function HeroSection({ onStartTrial, onUserLogin }: HeroSectionProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-violet-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-40 left-[-12rem] size-[28rem] rounded-full bg-indigo-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.25fr_1fr] lg:gap-10 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-xs font-semibold text-indigo-700 shadow-sm sm:text-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            {claims.trial} · {claims.noCard}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:leading-[1.08]">
            Social media marketing,{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
              written and scheduled by AI
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600">
            Kitepost writes on-brand posts for your small business, plans them on a calendar and publishes
            them to Facebook, Instagram, LinkedIn and Twitter, so you can get back to running your business.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              size="lg"
              onClick={onStartTrial}
              className="shadow-md shadow-indigo-600/20"
              data-opens-dialog
            >
              Start 7-Day Free Trial
            </Button>
            <a
              href={paths.demo}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('outline', 'lg')}
            >
              <PlayCircle aria-hidden="true" />
              Watch Demo
            </a>
            <Button size="lg" variant="ghost" onClick={onUserLogin} data-opens-dialog>
              <KeyRound aria-hidden="true" />
              User Login
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {[claims.businesses, claims.moneyBack, claims.demo].map((claim) => (
              <li key={claim} className="inline-flex items-center gap-1.5">
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

const previewPosts = [
  {
    platform: 'Instagram',
    tone: 'Casual',
    dot: 'bg-pink-500',
    text: 'Fresh out of the oven: our cinnamon rolls are back for the weekend. Come early, they go fast!',
    tags: '#smallbusiness #bakery #weekendtreats',
    when: 'Saturday, 9:00 AM',
  },
  {
    platform: 'LinkedIn',
    tone: 'Professional',
    dot: 'bg-sky-600',
    text: 'Three years ago we opened with one oven and a dream. Thank you to our neighbours for every single visit.',
    tags: '#community #localbusiness',
    when: 'Monday, 2:00 PM',
  },
];

/** An illustration of the product: sample copy, not data. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-3xl border border-slate-200 bg-white/90 p-5 shadow-2xl shadow-indigo-900/10 backdrop-blur">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2">
            <div className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 text-white">
              <Sparkles className="size-4" />
            </div>
            <div>
              <p className="text-sm font-semibold text-slate-900">Ideas for Sol Bakery</p>
              <p className="text-xs text-slate-500">Promotional · Friendly tone</p>
            </div>
          </div>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
            Ready
          </span>
        </div>
        <div className="mt-4 grid gap-3">
          {previewPosts.map((post) => (
            <div key={post.platform} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-4">
              <div className="flex items-center justify-between text-xs">
                <span className="inline-flex items-center gap-1.5 font-semibold text-slate-800">
                  <span className={`size-2 rounded-full ${post.dot}`} />
                  {post.platform}
                </span>
                <span className="text-slate-500">{post.tone}</span>
              </div>
              <p className="mt-2 text-sm text-slate-700">{post.text}</p>
              <p className="mt-2 text-xs font-medium text-indigo-600">{post.tags}</p>
              <p className="mt-3 inline-flex items-center gap-1.5 rounded-md bg-white px-2 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
                <CalendarClock className="size-3.5 text-indigo-500" />
                Scheduled · {post.when}
              </p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
