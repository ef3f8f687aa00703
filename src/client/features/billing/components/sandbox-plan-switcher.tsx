import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import { useState } from 'react';
import { type BillingSubscription, billingMessages, type PaidPlanId } from '../../../../contracts/billing';
import { plans } from '../../../../contracts/plans';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSandboxPortalAction } from '../api/sandbox-portal-action';
import { planPriceLabel } from '../billing-display';
import {
  noProrationNote,
  type PlanChoice,
  planChoices,
  planLimitLines,
  switchBlockedReason,
  switchSummary,
} from '../plan-switch-display';

/**
 * The sandbox portal's 'Change plan' (Stripe's portal has 'Update plan'): the three paid plans,
 * the current one marked, each other one a confirmed switch. Shown only to those who manage
 * billing, on a live paid subscription.
 */
export function SandboxPlanSwitcher({
  subscription,
  renewsOn,
}: {
  subscription: BillingSubscription;
  /** The renewal date, formatted; null when unknown. */
  renewsOn: string | null;
}) {
  const action = useSandboxPortalAction();
  const [target, setTarget] = useState<PaidPlanId | null>(null);
  const blocked = switchBlockedReason(subscription);
  const headingId = 'sandbox-change-plan';

  const confirm = (plan: PaidPlanId) =>
    action.mutate(
      { action: 'switch', plan },
      {
        onSuccess: (now) => {
          setTarget(null);
          toast({ title: 'Plan Changed', description: billingMessages.planSwitched(plans[now.plan].name) });
        },
        onError: (error) => {
          setTarget(null);
          if (isUnauthorized(error)) return;
          toast({
            title: 'Plan Change Failed',
            description: failureMessage(error, 'Please try again in a moment.'),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t border-slate-200 pt-5">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Change plan
        </h3>
        {/* A subscription that cannot switch has no renewal to price: only the reason is said. */}
        {blocked ? (
          <p className="text-sm font-medium text-slate-800" role="note">
            {blocked}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{noProrationNote(renewsOn)} No money moves.</p>
        )}
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {planChoices(subscription.plan).map((choice) => (
          <PlanOption
            key={choice.plan}
            choice={choice}
            disabled={blocked !== null || action.isPending}
            onChoose={() => setTarget(choice.plan)}
          />
        ))}
      </ul>
      <SwitchPlanDialog
        from={subscription.plan}
        to={target}
        renewsOn={renewsOn}
        pending={action.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}

function PlanOption({
  choice,
  disabled,
  onChoose,
}: {
  choice: PlanChoice;
  disabled: boolean;
  onChoose: () => void;
}) {
  const plan = plans[choice.plan];
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4',
        choice.current ? 'border-indigo-300 bg-indigo-50/60' : 'border-slate-200 bg-white',
      )}
      aria-current={choice.current ? 'true' : undefined}
    >
      <div className="grid gap-0.5">
        <p className="font-semibold text-slate-900">{plan.name}</p>
        <p className="text-sm font-medium text-slate-700">{planPriceLabel(choice.plan)}</p>
      </div>
      <ul className="grid gap-1 text-sm text-slate-600">
        {planLimitLines(choice.plan).map((line) => (
          <li key={line} className="flex items-start gap-1.5">
            <Check className="mt-0.5 size-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ul>
      {choice.current ? (
        // Where the others have their button, so the three cards line up.
        <p className="mt-auto flex h-10 items-center justify-center gap-1.5 rounded-lg bg-indigo-100 text-sm font-semibold text-indigo-800">
          <Check className="size-4" aria-hidden="true" />
          Current plan
        </p>
      ) : (
        <Button
          className="mt-auto w-full"
          variant={choice.direction === 'upgrade' ? 'default' : 'outline'}
          disabled={disabled}
          onClick={onChoose}
        >
          {choice.direction === 'upgrade' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
          Switch to {plan.name}
        </Button>
      )}
    </li>
  );
}

function SwitchPlanDialog({
  from,
  to,
  renewsOn,
  pending,
  onConfirm,
  onClose,
}: {
  from: BillingSubscription['plan'];
  to: PaidPlanId | null;
  renewsOn: string | null;
  pending: boolean;
  onConfirm: (plan: PaidPlanId) => void;
  onClose: () => void;
}) {
  // Kept while the dialog closes, so its text does not blank out mid-animation.
  const [shown, setShown] = useState<PaidPlanId | null>(to);
  if (to !== null && to !== shown) setShown(to);
  const name = shown ? plans[shown].name : '';
  return (
    <Dialog
      open={to !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Switch to the {name} plan?</DialogTitle>
          <DialogDescription>{shown ? switchSummary(from, shown, renewsOn) : null}</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Sandbox billing: no money moves.
        </p>
        <DialogActions
          pending={pending}
          disabled={pending || !shown}
          cancelLabel={`Keep ${plans[from].name}`}
          label={`Switch to ${name}`}
          pendingLabel="Switching..."
          onClick={() => shown && onConfirm(shown)}
        />
      </DialogContent>
    </Dialog>
  );
}
