import { Check, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import type { AiPlan, AiPlanItem } from '../../../contracts/ai-plan';
import { platformLabels } from '../../../contracts/platforms';
import { PlatformMark } from '../../components/platform-mark';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { contentTypeLabels } from '../../lib/content-labels';
import { formatDay, formatPlanned, groupByWeek } from './plan-dates';

interface PlanPreviewProps {
  plan: Pick<AiPlan, 'startsOn' | 'items'>;
  zone: string;
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
  /** The texts edited here, by item id: sent with the accept. */
  edits: Partial<Record<string, string>>;
  onEdit: (itemId: string, content: string) => void;
}

/** The written plan by week: each post with its time, network and type; tick, untick, edit. */
export function PlanPreview({ plan, zone, selected, onSelected, edits, onEdit }: PlanPreviewProps) {
  const weeks = groupByWeek(plan.items, plan.startsOn, zone);
  const toggle = (itemId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(itemId);
    else next.delete(itemId);
    onSelected(next);
  };
  return (
    <div className="grid gap-6">
      {weeks.map((week) => (
        <section key={week.number} aria-labelledby={`plan-week-${week.number}`} className="grid gap-3">
          <h3 id={`plan-week-${week.number}`} className="text-sm font-semibold text-slate-900">
            Week {week.number}{' '}
            <span className="font-normal text-slate-600">
              {formatDay(week.from)} – {formatDay(week.to)}
            </span>
          </h3>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {week.items.map((item) => (
              <li key={item.id} className="grid min-w-0">
                <PlanItemCard
                  item={item}
                  zone={zone}
                  checked={selected.has(item.id)}
                  onChecked={(on) => toggle(item.id, on)}
                  content={edits[item.id] ?? item.content}
                  onEdit={(content) => onEdit(item.id, content)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PlanItemCard({
  item,
  zone,
  checked,
  onChecked,
  content,
  onEdit,
}: {
  item: AiPlanItem;
  zone: string;
  checked: boolean;
  onChecked: (on: boolean) => void;
  content: string;
  onEdit: (content: string) => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const accepted = item.postId !== null;
  const when = formatPlanned(item.plannedAt, zone);
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={`flex h-full min-w-0 flex-col gap-2 rounded-xl border bg-white p-3 shadow-sm ${checked ? 'border-indigo-300' : 'border-slate-200 opacity-80'}`}
    >
      <header className="flex items-start gap-2.5">
        <input
          id={`${id}-pick`}
          type="checkbox"
          className="mt-1 size-4 accent-indigo-600"
          checked={checked && !accepted}
          disabled={accepted}
          onChange={(event) => onChecked(event.target.checked)}
          aria-label={`Include the ${platformLabels[item.platform]} post of ${when}`}
        />
        <PlatformMark platform={item.platform} />
        <div className="grid min-w-0">
          <h4 id={`${id}-title`} className="truncate text-sm font-semibold text-slate-900">
            {platformLabels[item.platform]}
          </h4>
          <p className="text-xs text-slate-600">
            {when} · {contentTypeLabels[item.contentType]}
            {item.occasion ? ` · ${item.occasion}` : ''}
          </p>
        </div>
      </header>
      {editing ? (
        <Textarea
          aria-label={`Text of the ${platformLabels[item.platform]} post of ${when}`}
          rows={6}
          value={content}
          onChange={(event) => onEdit(event.target.value)}
        />
      ) : (
        <p className="text-sm leading-relaxed whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
          {content}
        </p>
      )}
      {item.hashtags.length > 0 ? (
        <p className="text-xs text-indigo-800 [overflow-wrap:anywhere]">
          {item.hashtags.map((tag) => `#${tag}`).join(' ')}
        </p>
      ) : null}
      {item.problems.length > 0 ? (
        <ul className="grid gap-0.5 rounded-lg bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {item.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center justify-between pt-1">
        {accepted ? (
          <span className="flex items-center gap-1 text-xs font-medium text-emerald-700">
            <Check className="size-3.5" aria-hidden="true" />
            In your calendar
          </span>
        ) : (
          <span />
        )}
        {accepted ? null : (
          <Button variant="ghost" size="sm" className="h-8" onClick={() => setEditing((open) => !open)}>
            {editing ? <Check aria-hidden="true" /> : <Pencil aria-hidden="true" />}
            {editing ? 'Done' : 'Edit'}
          </Button>
        )}
      </div>
    </article>
  );
}
