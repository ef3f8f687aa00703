import { Ban } from 'lucide-react';
import { billingMessages } from '../../../../contracts/billing';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/**
 * In place of the payment panel (and the "Choose a plan" way) when billing is off on this server:
 * production without Stripe keys and without BILLING_SANDBOX=true (decision 036).
 */
export function BillingOffNotice({ className }: { className?: string }) {
  return (
    <Card className={cn('flex items-start gap-3 p-6', className)}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
        <Ban className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-1" role="status">
        <p className="font-semibold text-slate-900">Paid plans are not available on this server</p>
        <p className="text-sm text-pretty text-slate-600">{billingMessages.billingOff}</p>
      </div>
    </Card>
  );
}
