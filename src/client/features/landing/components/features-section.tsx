import { Check } from 'lucide-react';
import { features } from '../content';
import { SectionHeading } from './section-heading';

const platforms = [
  { name: 'Facebook', dot: 'bg-blue-600' },
  { name: 'Instagram', dot: 'bg-pink-500' },
  { name: 'LinkedIn', dot: 'bg-sky-600' },
  { name: 'Twitter', dot: 'bg-slate-900' },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-14 flex flex-wrap items-center justify-center gap-3 text-sm text-slate-600">
          <span className="font-medium">Publish to</span>
          {platforms.map((platform) => (
            <span
              key={platform.name}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-3 py-1 font-medium text-slate-800"
            >
              <span className={`size-2 rounded-full ${platform.dot}`} aria-hidden="true" />
              {platform.name}
            </span>
          ))}
        </div>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to grow on social"
          description="From the first idea to the published post, Kitepost does the busywork so you can focus on your customers."
        />
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <article
              key={feature.title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md"
            >
              <div className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm">
                <feature.icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.description}</p>
              <ul className="mt-4 grid gap-2 text-sm text-slate-700">
                {feature.highlights.map((highlight) => (
                  <li key={highlight} className="flex items-center gap-2">
                    <Check className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
                    {highlight}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
