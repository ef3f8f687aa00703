import {
  CalendarDays,
  Clock,
  Info,
  LayoutDashboard,
  type LucideIcon,
  Play,
  PlayCircle,
  Share2,
  WandSparkles,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';

const highlights: { label: string; icon: LucideIcon }[] = [
  { label: 'Your dashboard', icon: LayoutDashboard },
  { label: 'AI content generator', icon: WandSparkles },
  { label: 'Content calendar', icon: CalendarDays },
  { label: 'Social accounts', icon: Share2 },
];

interface DemoIntroProps {
  onStart: () => void;
  onClose: () => void;
}

/** The card the tour starts from (spec §2: 'Take a guided tour...', Start Demo and Close). */
export function DemoIntro({ onStart, onClose }: DemoIntroProps) {
  return (
    <section
      aria-labelledby="demo-intro-title"
      className="relative mx-auto max-w-2xl overflow-hidden rounded-3xl border border-slate-200 bg-white px-6 py-10 text-center shadow-xl shadow-indigo-900/5 sm:px-12 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-gradient-to-b from-indigo-50 to-transparent"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-violet-200/40 blur-3xl"
      />
      <div className="relative">
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-lg shadow-indigo-600/25">
          <PlayCircle className="size-8" aria-hidden="true" />
        </div>
        <p className="mt-6 inline-flex items-center gap-1.5 rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm font-semibold text-indigo-700 shadow-sm">
          <Clock className="size-4" aria-hidden="true" />
          5-minute overview
        </p>
        <h1
          id="demo-intro-title"
          className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl"
        >
          See Kitepost in action
        </h1>
        <p className="mx-auto mt-4 max-w-lg text-base text-pretty text-slate-600 sm:text-lg">
          Take a guided tour of Kitepost and see how small businesses plan a month of social posts in five
          minutes.
        </p>

        <h2 className="mt-8 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          What you will see
        </h2>
        <ul className="mx-auto mt-3 grid max-w-md grid-cols-2 gap-2 text-left text-sm">
          {highlights.map((item) => (
            <li
              key={item.label}
              className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50/80 px-3 py-2.5 font-medium text-slate-800"
            >
              <item.icon className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
              {item.label}
            </li>
          ))}
        </ul>

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" onClick={onStart} className="shadow-md shadow-indigo-600/20">
            <Play aria-hidden="true" />
            Start Demo
          </Button>
          <Button size="lg" variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>

        <p className="mt-6 inline-flex items-start gap-1.5 text-left text-xs text-slate-600">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          The tour uses sample data. Nothing in it touches a real account.
        </p>
      </div>
    </section>
  );
}
