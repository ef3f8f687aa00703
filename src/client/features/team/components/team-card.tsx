import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface TeamCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** A button beside the title (e.g. 'Invite member'). */
  action?: ReactNode;
  children?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
}

/** One card of the team page: a titled region (its heading names it), `id` its anchor (/team#team-members). */
export function TeamCard({
  id,
  title,
  description,
  action,
  children,
  tone = 'default',
  className,
}: TeamCardProps) {
  return (
    <Card
      id={id}
      role="region"
      aria-labelledby={`${id}-title`}
      className={cn('min-w-0', tone === 'danger' && 'border-red-200', className)}
    >
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between sm:px-6 sm:pt-6">
        <div className="min-w-0">
          <h2
            id={`${id}-title`}
            className={cn('text-lg font-semibold', tone === 'danger' ? 'text-red-700' : 'text-slate-900')}
          >
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
      {children ? (
        <div className="px-5 pt-4 pb-5 sm:px-6 sm:pb-6">{children}</div>
      ) : (
        <div className="pb-5 sm:pb-6" />
      )}
    </Card>
  );
}

/** The round initials shown for a person. */
export function Initials({ text, className }: { text: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-sm font-semibold text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}
