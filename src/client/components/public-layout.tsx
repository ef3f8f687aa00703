import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/paths';
import { Logo } from './logo';
import { buttonClasses } from './ui/button';

/** Frame of the stand-alone pages (demo, integrations, subscribe, the public generator). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            href={paths.home}
            className="rounded-lg focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            aria-label="Kitepost home"
          >
            <Logo />
          </Link>
          <Link href={paths.home} className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">{children}</main>
    </div>
  );
}
