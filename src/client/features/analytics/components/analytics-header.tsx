import { Download, FlaskConical, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { RelativeTime } from '../../notifications/components/relative-time';
import { refreshSummary } from '../analytics-format';
import { useRefreshMetrics } from '../api/refresh-metrics';

interface AnalyticsHeaderProps {
  /** 'Mar 3 – Apr 1, 2026'; null while the plan keeps analytics closed. */
  rangeLabel: string | null;
  lastSyncedAt: string | null | undefined;
  sandbox: boolean;
  zone: string;
  /** GET /api/analytics/posts.csv for the filters in view; null hides Export CSV. */
  csvHref: string | null;
}

/** 'Analytics', when the numbers were read, Refresh (read them now) and Export CSV. */
export function AnalyticsHeader({ rangeLabel, lastSyncedAt, sandbox, zone, csvHref }: AnalyticsHeaderProps) {
  const refresh = useRefreshMetrics();
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: 'Metrics refreshed',
          description: refreshSummary(result.postsRead, result.accountsSkipped),
        }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: failureCode(error) === 'rate_limited' ? 'Please wait a moment' : 'Refresh failed',
          description: failureMessage(error, 'The metrics could not be read. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Analytics</h1>
          {sandbox ? (
            <Badge variant="warning" title="Numbers from the platform simulator, not from real platforms">
              <FlaskConical className="size-3.5" aria-hidden="true" />
              Sandbox
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-slate-600 sm:text-base">
          {rangeLabel ? <span>{rangeLabel}</span> : 'How your posts do on each platform.'}
          {lastSyncedAt !== undefined && rangeLabel ? (
            <>
              <span aria-hidden="true"> · </span>
              <LastUpdated at={lastSyncedAt} zone={zone} />
            </>
          ) : null}
        </p>
      </div>
      {rangeLabel ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refresh.isPending}>
            <RefreshCw className={cn(refresh.isPending && 'animate-spin')} aria-hidden="true" />
            {refresh.isPending ? 'Refreshing...' : 'Refresh'}
          </Button>
          {csvHref ? (
            <a href={csvHref} download className={buttonClasses('outline', 'sm')}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** 'Last updated 5 min ago', kept current while the page stays open. */
function LastUpdated({ at, zone }: { at: string | null; zone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (at === null) return <span>Not updated yet</span>;
  return (
    <span>
      Last updated <RelativeTime at={at} timeZone={zone} now={now} />
    </span>
  );
}
