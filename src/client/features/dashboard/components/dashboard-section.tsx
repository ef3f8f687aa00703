import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { QueryFailureCard } from '../../../components/query-failure-card';
import { Card } from '../../../components/ui/card';
import { ListSkeleton } from './list-skeleton';

interface DashboardSectionProps<T> {
  /** The heading's id, which labels the section. */
  titleId: string;
  /** The heading, and the list's accessible name. */
  title: string;
  /** The way to the full page, beside the heading. */
  link: { href: string; label: string; icon: LucideIcon };
  query: UseQueryResult<T[]>;
  /** e.g. 'Team activity could not be loaded'. */
  failureTitle: string;
  /** What shows when the list is empty. */
  empty: ReactNode;
  /** The list's rows (`li`), one per item. */
  children: (items: T[]) => ReactNode;
}

/** A dashboard list: heading with a side link, then loading, failure, empty or the rows. */
export function DashboardSection<T>({
  titleId,
  title,
  link: { href, label, icon: Icon },
  query,
  failureTitle,
  empty,
  children,
}: DashboardSectionProps<T>) {
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-1 content-start gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          href={href}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </Link>
      </div>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <QueryFailureCard title={failureTitle} query={query} />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <Card className="overflow-hidden">
          <ul aria-label={title} className="divide-y divide-slate-100">
            {children(query.data)}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** A dashboard list's empty state: an icon, what is missing, and perhaps the way to change that. */
export function EmptyList({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-start gap-3 p-5">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium text-slate-900">{title}</p>
          <p className="text-sm text-slate-600">{text}</p>
        </div>
      </div>
      {action}
    </Card>
  );
}
