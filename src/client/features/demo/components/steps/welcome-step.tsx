import { BarChart3, CalendarDays, Check, type LucideIcon, Share2, WandSparkles } from 'lucide-react';
import { PlatformMark } from '../../../../components/platform-mark';
import { type DemoPlatform, platformNames } from '../../demo-data';

const capabilities: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'AI content generation',
    text: 'Posts, captions and hashtags written for your business, 5 to 10 ideas at a time.',
    icon: WandSparkles,
  },
  {
    title: 'Smart scheduling',
    text: 'A calendar that shows the whole month and publishes at the best time.',
    icon: CalendarDays,
  },
  {
    title: 'Multi-platform publishing',
    text: 'One place for every account: no more copying posts between apps.',
    icon: Share2,
  },
  {
    title: 'Analytics and insights',
    text: 'See what your audience loves and do more of it.',
    icon: BarChart3,
  },
];

const platforms: DemoPlatform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];

const tourStops = ['Your dashboard', 'The AI content generator', 'The content calendar', 'Social accounts'];

/** Step 1: what Kitepost does and where it publishes. */
export function WelcomeStep() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr] lg:gap-8">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">What Kitepost does</h3>
        <p className="mt-1 text-sm text-slate-600">
          Kitepost is an AI marketing assistant for small businesses and solo entrepreneurs. It writes your
          posts, plans them on a calendar and publishes them for you.
        </p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {capabilities.map((item) => (
            <li
              key={item.title}
              className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:block"
            >
              <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm">
                <item.icon className="size-5" aria-hidden="true" />
              </div>
              <div className="min-w-0 sm:mt-3">
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm text-slate-600">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid content-start gap-6">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">Publish to four platforms</h3>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {platforms.map((platform) => (
              <li
                key={platform}
                className="flex items-center gap-2.5 rounded-xl bg-slate-50 p-2.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200"
              >
                <PlatformMark platform={platform} size="sm" />
                {platformNames[platform]}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-indigo-100 bg-indigo-50/70 p-5">
          <h3 className="text-lg font-semibold text-slate-900">In this tour</h3>
          <ol className="mt-3 grid gap-2 text-sm text-slate-700">
            {tourStops.map((stop, index) => (
              <li key={stop} className="flex items-center gap-2.5">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-xs font-bold text-indigo-700 ring-1 ring-indigo-200">
                  {index + 2}
                </span>
                {stop}
              </li>
            ))}
            <li className="flex items-center gap-2.5">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              Start your free trial
            </li>
          </ol>
        </div>
      </div>
    </div>
  );
}
