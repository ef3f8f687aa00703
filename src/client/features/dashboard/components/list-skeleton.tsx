import { Card } from '../../../components/ui/card';

/** Rows of the list's size while it loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Card className="divide-y divide-slate-100" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex items-start gap-3 px-4 py-3">
          <span className="size-8 shrink-0 animate-pulse rounded-full bg-slate-100" />
          <span className="grid flex-1 gap-1.5 pt-1">
            <span className="h-3.5 w-3/4 animate-pulse rounded bg-slate-100" />
            <span className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </Card>
  );
}
