import { ArrowRight, PlayCircle, Plug } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { PlatformMark } from '../../components/platform-mark';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PlatformCard } from './components/platform-card';
import { availablePlatforms, comingSoonPlatforms, integrationFeatures, type Platform } from './content';

/** The social integrations marketing page (spec §2: Integrations), inside the public layout. */
export function IntegrationsPage() {
  useDocumentTitle('Integrations — Kitepost');
  return (
    <div className="grid gap-16 sm:gap-20">
      <IntegrationsHero />
      <FeatureGrid />
      <PlatformGroup
        id="available-now"
        title="Available Now"
        description="Connect these accounts today and start publishing from your Kitepost calendar."
        platforms={availablePlatforms}
      />
      <PlatformGroup
        id="coming-soon"
        title="Coming Soon"
        description="We are building these next. Each one appears in your Social Accounts as soon as it launches."
        platforms={comingSoonPlatforms}
      />
      <ClosingCta />
    </div>
  );
}

function IntegrationsHero() {
  return (
    <section
      aria-labelledby="integrations-title"
      className="relative overflow-hidden rounded-3xl border border-indigo-100 bg-gradient-to-b from-indigo-50 via-white to-white px-5 py-12 text-center sm:px-10 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-80 rounded-full bg-violet-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-32 size-80 rounded-full bg-indigo-200/40 blur-3xl"
      />
      <div className="relative">
        <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/80 px-3 py-1 text-xs font-semibold text-indigo-700 shadow-sm sm:text-sm">
          <Plug className="size-4" aria-hidden="true" />
          Integrations
        </p>
        <h1
          id="integrations-title"
          className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
        >
          Connect your social accounts,{' '}
          <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
            publish everywhere
          </span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
          Link Facebook, Instagram, X (Twitter), LinkedIn, YouTube, TikTok, Threads, Pinterest, Bluesky,
          Mastodon and your Google Business Profile in a click. Kitepost writes the posts, schedules them and
          publishes to every account from one calendar.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            href={paths.home}
            className={buttonClasses('default', 'lg', 'shadow-md shadow-indigo-600/20')}
          >
            Get Started Today
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link href={paths.demo} className={buttonClasses('outline', 'lg')}>
            <PlayCircle aria-hidden="true" />
            View Demo
          </Link>
        </div>
        <ul aria-label="Supported platforms" className="mt-10 flex flex-wrap justify-center gap-3">
          {[...availablePlatforms, ...comingSoonPlatforms].map((platform) => (
            <li key={platform.id}>
              <PlatformMark platform={platform.id} size="lg" />
              <span className="sr-only">{platform.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureGrid() {
  return (
    <section aria-labelledby="integration-features-title">
      <SectionTitle
        id="integration-features-title"
        eyebrow="Why connect"
        title="One place for every channel"
        description="Connections that are safe to set up and keep working while you run your business."
      />
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {integrationFeatures.map((feature) => (
          <article key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm">
              <feature.icon className="size-5" aria-hidden="true" />
            </div>
            <h3 className="mt-5 text-base font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm text-pretty text-slate-600">{feature.description}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

interface PlatformGroupProps {
  id: string;
  title: string;
  description: string;
  platforms: Platform[];
}

function PlatformGroup({ id, title, description, platforms }: PlatformGroupProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="scroll-mt-8">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-slate-600 sm:text-base">{description}</p>
        </div>
        <p className="text-sm font-medium text-slate-500">{platforms.length} platforms</p>
      </div>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {platforms.map((platform) => (
          <PlatformCard key={platform.id} platform={platform} />
        ))}
      </div>
    </section>
  );
}

function SectionTitle({
  id,
  eyebrow,
  title,
  description,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-base text-pretty text-slate-600">{description}</p>
    </div>
  );
}

function ClosingCta() {
  return (
    <section
      aria-labelledby="integrations-cta-title"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <h2
        id="integrations-cta-title"
        className="relative text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl"
      >
        Ready to publish everywhere at once?
      </h2>
      <p className="relative mx-auto mt-3 max-w-xl text-indigo-100">
        Start your 7-day free trial. No credit card required, and a 14-day money-back guarantee.
      </p>
      <div className="relative mt-8 flex justify-center">
        <Link href={paths.subscribe} className={buttonClasses('inverse', 'lg')}>
          Start Free Trial
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
