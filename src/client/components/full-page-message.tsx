import { Loader2 } from 'lucide-react';

/** A centred status line with a spinner: 'Loading...', 'Redirecting to login...'. */
export function FullPageMessage({ message }: { message: string }) {
  return (
    <div
      className="flex min-h-dvh items-center justify-center bg-slate-50 p-6"
      role="status"
      aria-live="polite"
    >
      <div className="flex items-center gap-3 text-slate-700">
        <Loader2 className="size-5 animate-spin text-indigo-600" aria-hidden="true" />
        <p className="text-base font-medium">{message}</p>
      </div>
    </div>
  );
}

/** The same, sized for the content area of a page. */
export function InlineLoading({ message = 'Loading...' }: { message?: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center p-6" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-slate-600">
        <Loader2 className="size-5 animate-spin text-indigo-600" aria-hidden="true" />
        <p className="text-sm font-medium">{message}</p>
      </div>
    </div>
  );
}
