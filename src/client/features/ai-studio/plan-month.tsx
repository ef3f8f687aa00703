import { CalendarCheck, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type AiPlan, type AiPlanItem, aiPlanMessages } from '../../../contracts/ai-plan';
import { paths } from '../../app/paths';
import { Button, buttonClasses } from '../../components/ui/button';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage, planNeededOf } from '../billing/plan-limit';
import { useSocialAccounts } from '../social-accounts/api/get-social-accounts';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useAcceptPlan } from './api/accept-plan';
import { useAiCapabilities } from './api/get-capabilities';
import { usePlanMonth } from './api/plan-month';
import { PlanForm } from './plan-form';
import { PlanPreview } from './plan-preview';
import { SandboxBadge } from './sandbox-badge';

interface PlanMonthProps {
  /** Credits were spent or drafts made: the host refreshes what lists posts and credits. */
  onChanged: () => void;
}

interface Written {
  plan: Pick<AiPlan, 'startsOn' | 'items'> & Partial<AiPlan>;
  written: number;
  total: number | null;
}

/**
 * "Plan a month" (issue 30), a tab of the content generator: a brief, the posts written and
 * placed on the calendar's free times, previewed by week, then accepted as planned drafts.
 */
export default function PlanMonth({ onChanged }: PlanMonthProps) {
  const { zone } = useTimeZone();
  const capabilities = useAiCapabilities();
  const accounts = useSocialAccounts();
  const write = usePlanMonth();
  const accept = useAcceptPlan();
  const [current, setCurrent] = useState<Written | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<{
    message: string;
    upgrade: boolean;
    plan?: ReturnType<typeof planNeededOf>;
  } | null>(null);
  const [accepted, setAccepted] = useState<number | null>(null);

  if (capabilities.data && !capabilities.data.monthPlan) {
    return <UpgradePrompt title="Plan a month on Starter" message={aiPlanMessages.freePlan} plan="starter" />;
  }

  const refused = (error: unknown, fallback: string) => {
    if (isUnauthorized(error)) return;
    const limit = planLimitMessage(error);
    setFailure({
      message: limit ?? failureMessage(error, fallback),
      upgrade: limit !== null,
      plan: planNeededOf(error),
    });
  };

  const start = (body: Parameters<typeof write.mutate>[0]['body']) => {
    setFailure(null);
    setAccepted(null);
    setEdits({});
    setSelected(new Set());
    const items: AiPlanItem[] = [];
    setCurrent({ plan: { startsOn: body.startsOn, items: [] }, written: 0, total: null });
    write.mutate(
      {
        body,
        onItem: (item) => {
          items.push(item);
          setCurrent((now) => (now ? { ...now, plan: { ...now.plan, items: [...items] } } : now));
          setSelected((now) => new Set(now).add(item.id));
        },
        onProgress: (written, total) => setCurrent((now) => (now ? { ...now, written, total } : now)),
      },
      {
        onSuccess: (plan) => {
          setCurrent({ plan, written: plan.writtenCount, total: plan.plannedCount });
          setSelected(new Set(plan.items.filter((item) => item.postId === null).map((item) => item.id)));
        },
        onError: (error) => {
          refused(error, 'The plan could not be written. Please try again.');
          if (items.length === 0) setCurrent(null);
        },
        onSettled: onChanged,
      },
    );
  };

  const plan = current?.plan;
  const open = plan?.items.filter((item) => item.postId === null) ?? [];
  const send = (ids: string[]) => {
    if (!plan?.id || ids.length === 0) return;
    setFailure(null);
    accept.mutate(
      {
        planId: plan.id,
        body: {
          items: ids.map((itemId) => {
            const text = edits[itemId];
            return text === undefined ? { id: itemId } : { id: itemId, content: text };
          }),
        },
      },
      {
        onSuccess: (answer) => {
          // Every item sent is in the calendar now: made by this call, or by an earlier one
          // (skipped as 'already accepted'). Only that it is taken matters here.
          const skipped = new Set(answer.skipped.map((item) => item.id));
          const fresh = ids.filter((itemId) => !skipped.has(itemId));
          const made = new Map(
            ids.map((itemId) => [itemId, answer.posts[fresh.indexOf(itemId)]?.id ?? itemId]),
          );
          setCurrent((now) =>
            now
              ? {
                  ...now,
                  plan: {
                    ...now.plan,
                    items: now.plan.items.map((item) =>
                      made.has(item.id) ? { ...item, postId: made.get(item.id) ?? item.id } : item,
                    ),
                  },
                }
              : now,
          );
          setSelected(new Set());
          setAccepted(answer.posts.length);
          onChanged();
        },
        onError: (error) => refused(error, 'The posts could not be added. Please try again.'),
      },
    );
  };

  const writing = write.isPending;
  const chosen = open.filter((item) => selected.has(item.id)).map((item) => item.id);
  const total = current?.total ?? null;
  const percent = total ? Math.round(((current?.written ?? 0) / total) * 100) : 0;

  return (
    <div className="grid gap-6">
      <PlanForm
        zone={zone}
        accounts={accounts.data ?? []}
        pending={writing}
        onSubmit={(body) => start(body)}
      />

      {failure?.upgrade ? <UpgradePrompt message={failure.message} plan={failure.plan} /> : null}
      {failure && !failure.upgrade ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure.message}
        </p>
      ) : null}

      {current ? (
        <section aria-labelledby="plan-preview" className="grid gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1">
              <h2 id="plan-preview" className="text-lg font-semibold text-slate-900">
                Your plan
              </h2>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                {(plan?.sandbox ?? capabilities.data?.writer.sandbox) ? <SandboxBadge /> : null}
                {writing
                  ? total
                    ? `Writing: ${current.written} of ${total} posts`
                    : 'Planning the times…'
                  : `${plan?.items.length ?? 0} posts, placed on free times in ${zone}.`}
              </p>
            </div>
            {!writing && open.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  disabled={accept.isPending || chosen.length === 0}
                  onClick={() => send(chosen)}
                >
                  <ListChecks aria-hidden="true" />
                  Accept selected ({chosen.length})
                </Button>
                <Button disabled={accept.isPending} onClick={() => send(open.map((item) => item.id))}>
                  <CalendarCheck aria-hidden="true" />
                  Accept all
                </Button>
              </div>
            ) : null}
          </div>
          {writing || (total !== null && current.written < total) ? (
            <div
              role="progressbar"
              aria-label="Posts written"
              aria-valuemin={0}
              aria-valuemax={total ?? 0}
              aria-valuenow={current.written}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
          ) : null}
          {plan?.notice ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{plan.notice}</p>
          ) : null}
          {accepted !== null ? (
            <p className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {accepted === 1
                ? '1 draft was added to your calendar.'
                : `${accepted} drafts were added to your calendar.`}
              <Link href={paths.calendar} className={buttonClasses('link', 'sm', 'h-auto px-0')}>
                Open the calendar
              </Link>
            </p>
          ) : null}
          {plan ? (
            <PlanPreview
              plan={plan}
              zone={zone}
              selected={selected}
              onSelected={setSelected}
              edits={edits}
              onEdit={(itemId, content) => setEdits((now) => ({ ...now, [itemId]: content }))}
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
