import { CircleAlert, RefreshCw } from 'lucide-react';
import { failureMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { Button } from './ui/button';
import { Card } from './ui/card';

/** A query that failed to load: what could not be loaded, why, and Try again. */
export function QueryFailureCard({
  title,
  query,
}: {
  /** e.g. 'Your accounts could not be loaded'. */
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-3 p-6">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <CircleAlert className="size-5 text-red-600" aria-hidden="true" />
        {title}
      </p>
      <p className="text-sm text-slate-600">{failureMessage(query.error, 'Please try again in a moment.')}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
