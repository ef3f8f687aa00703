import { CircleAlert } from 'lucide-react';
import { failureMessage } from '../lib/api-client';
import { RefreshButton } from './refresh-button';
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
      <RefreshButton query={query}>Try again</RefreshButton>
    </Card>
  );
}
