/** The shape of an idea card while its idea is being written. */
export function IdeaSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-2.5">
        <div className="size-9 rounded-xl bg-slate-200" />
        <div className="h-4 w-24 rounded bg-slate-200" />
      </div>
      <div className="mt-4 grid gap-2">
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 w-4/5 rounded bg-slate-100" />
        <div className="h-3 w-3/5 rounded bg-slate-100" />
      </div>
      <div className="mt-4 flex gap-1.5">
        <div className="h-5 w-16 rounded-md bg-indigo-50" />
        <div className="h-5 w-20 rounded-md bg-indigo-50" />
      </div>
      <div className="mt-5 h-9 rounded-lg bg-slate-50" />
    </div>
  );
}
