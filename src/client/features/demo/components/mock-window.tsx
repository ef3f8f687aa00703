import {
  CalendarDays,
  ChartColumnIncreasing,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Share2,
  WandSparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/logo';
import { cn } from '../../../lib/cn';

export type MockSection = 'Dashboard' | 'Content Generator' | 'Content Calendar' | 'Social Accounts';

// The application shell's labels as the spec gives them for the demo mock (§2).
const items: { label: string; icon: LucideIcon }[] = [
  { label: 'Dashboard', icon: LayoutDashboard },
  { label: 'Content Generator', icon: WandSparkles },
  { label: 'Content Calendar', icon: CalendarDays },
  { label: 'Social Accounts', icon: Share2 },
  { label: 'Analytics', icon: ChartColumnIncreasing },
  { label: 'Settings', icon: Settings },
];

const urls: Record<MockSection, string> = {
  Dashboard: 'app.kitepost.com/dashboard',
  'Content Generator': 'app.kitepost.com/content-generator',
  'Content Calendar': 'app.kitepost.com/calendar',
  'Social Accounts': 'app.kitepost.com/social-accounts',
};

/**
 * A browser-window frame around a mock screen, with the app's sidebar on wide screens. The frame
 * and sidebar are decoration (hidden from assistive technology); the screen inside is not.
 */
export function MockWindow({
  section,
  sidebar = 'full',
  children,
}: {
  section: MockSection;
  /** 'rail' draws the sidebar collapsed to icons, leaving room for a wide screen (the calendar). */
  sidebar?: 'full' | 'rail';
  children: ReactNode;
}) {
  const rail = sidebar === 'rail';
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg shadow-slate-900/5">
      <div
        aria-hidden="true"
        className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5"
      >
        <span className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
        </span>
        <span className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
          {urls[section]}
        </span>
      </div>
      <div className="flex">
        <div
          aria-hidden="true"
          className={cn(
            'hidden shrink-0 border-r border-slate-200 bg-white lg:block',
            rail ? 'w-16 px-2.5 py-4' : 'w-52 p-4',
          )}
        >
          <div className={cn('flex items-center gap-2', rail ? 'justify-center' : 'px-2')}>
            <LogoMark className="size-7" />
            {rail ? null : <span className="font-bold tracking-tight text-slate-900">Kitepost</span>}
          </div>
          {rail ? null : (
            <span className="mt-3 ml-2 inline-flex rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800">
              Enterprise
            </span>
          )}
          <ul className="mt-4 grid gap-1 text-sm">
            {items.map((item) => (
              <li
                key={item.label}
                className={cn(
                  'flex items-center gap-2.5 rounded-lg py-2 font-medium',
                  rail ? 'justify-center' : 'px-2',
                  item.label === section ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600',
                )}
              >
                <item.icon className="size-4 shrink-0" />
                {rail ? null : item.label}
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0 flex-1 bg-slate-50/60 p-3 sm:p-6">{children}</div>
      </div>
    </div>
  );
}

/** The mock screen's own title line. */
export function MockScreenHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-xl font-bold tracking-tight text-slate-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
