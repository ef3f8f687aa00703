import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/** Loads a query again; its icon spins and the button waits while the query is fetching. */
export function RefreshButton({
  query,
  className,
  children,
}: {
  query: { isFetching: boolean; refetch: () => unknown };
  className?: string;
  /** The label: 'Refresh', 'Try again'. */
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
    >
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
      {children}
    </Button>
  );
}
