import { Compass, House } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { Logo } from '../../components/logo';
import { buttonClasses } from '../../components/ui/button';

/** Architecture §10: a friendly sentence and a link home instead of the spec's router hint. */
export function NotFoundPage() {
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
          <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
            <Compass className="size-7" aria-hidden="true" />
          </div>
          <p className="mt-6 text-sm font-semibold text-indigo-600">404</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
          <p className="mt-3 text-slate-600">
            We looked everywhere, but this page does not exist. It may have moved, or the link may be
            mistyped.
          </p>
          <Link href={paths.home} className={buttonClasses('default', 'lg', 'mt-8')}>
            <House aria-hidden="true" />
            Back to home
          </Link>
        </div>
      </main>
    </div>
  );
}
