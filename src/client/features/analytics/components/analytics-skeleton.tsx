/** What the screen looks like while its numbers load (same blocks, no numbers). */
export function AnalyticsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">Loading analytics...</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
        {['posts', 'impressions', 'reach', 'engagements', 'rate', 'followers'].map((key) => (
          <div key={key} className="h-24 animate-pulse rounded-2xl border border-slate-200 bg-white p-4">
            <div className="h-3 w-20 rounded bg-slate-200" />
            <div className="mt-3 h-6 w-16 rounded bg-slate-200" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 xl:grid-cols-2">
        {['daily', 'platforms'].map((key) => (
          <div key={key} className="h-80 animate-pulse rounded-2xl border border-slate-200 bg-white p-5">
            <div className="h-4 w-48 rounded bg-slate-200" />
            <div className="mt-6 h-56 rounded-lg bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
