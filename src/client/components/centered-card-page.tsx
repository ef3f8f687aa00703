import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { cn } from '../lib/cn';
import { Logo } from './logo';

interface CenteredCardPageProps {
  icon: LucideIcon;
  tone: 'brand' | 'danger';
  /** A small line above the title, e.g. '404'. */
  eyebrow?: string;
  title: string;
  children: ReactNode;
  /** Rendered after the page, e.g. a dialog. */
  after?: ReactNode;
}

/** A full page with the logo and one centred card: the not-found and locked-admin screens. */
export function CenteredCardPage({
  icon: Icon,
  tone,
  eyebrow,
  title,
  children,
  after,
}: CenteredCardPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-5 sm:px-6">
        <Link
          href={paths.home}
          aria-label="Kitepost home"
          className="inline-flex rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-20">
        <div className="w-full max-w-md rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
          <div
            className={cn(
              'mx-auto flex size-14 items-center justify-center rounded-2xl',
              tone === 'danger' ? 'bg-red-50 text-red-600' : 'bg-indigo-50 text-indigo-600',
            )}
          >
            <Icon className="size-7" aria-hidden="true" />
          </div>
          {eyebrow ? <p className="mt-6 text-sm font-semibold text-indigo-600">{eyebrow}</p> : null}
          <h1 className={cn('text-2xl font-bold tracking-tight text-slate-900', eyebrow ? 'mt-1' : 'mt-6')}>
            {title}
          </h1>
          {children}
        </div>
      </main>
      {after}
    </div>
  );
}
