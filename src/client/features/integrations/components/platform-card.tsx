import { Check, CircleCheck, Clock } from 'lucide-react';
import { PlatformMark } from '../../../components/platform-mark';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { Platform } from '../content';

export function PlatformCard({ platform }: { platform: Platform }) {
  const available = platform.status === 'available';
  const titleId = `platform-${platform.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-platform={platform.id}
      className={cn(
        'flex flex-col rounded-2xl border p-6 shadow-sm transition',
        available
          ? 'border-slate-200 bg-white hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md'
          : 'border-dashed border-slate-300 bg-white/70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <PlatformMark platform={platform.id} size="lg" />
        {available ? (
          <Badge variant="success">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            Available
          </Badge>
        ) : (
          <Badge variant="warning">
            <Clock className="size-3.5" aria-hidden="true" />
            Coming Soon
          </Badge>
        )}
      </div>
      <h3 id={titleId} className="mt-5 text-lg font-semibold text-slate-900">
        {platform.name}
      </h3>
      <p className="mt-2 text-sm text-pretty text-slate-600">{platform.description}</p>
      <ul className="mt-4 grid gap-2 text-sm text-slate-700">
        {platform.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check
              className={cn('mt-0.5 size-4 shrink-0', available ? 'text-emerald-600' : 'text-slate-400')}
              aria-hidden="true"
            />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
