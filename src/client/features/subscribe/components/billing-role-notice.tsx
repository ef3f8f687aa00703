import { Lock } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useAuth } from '../../auth/api/get-current-user';
import { billingRoleNote } from '../../billing/billing-display';

/** In place of the payment panel for a role that sees the plans but cannot change them. */
export function BillingRoleNotice() {
  const { user } = useAuth();
  return (
    <Card className="flex items-start gap-3 p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold text-slate-900">{billingRoleNote}</p>
        <p className="text-sm text-pretty text-slate-600">
          {user
            ? `${user.workspace.name} is on the ${user.tierLabel} plan. Ask its owner or an admin if it needs another one.`
            : 'Ask the workspace’s owner or an admin if it needs another plan.'}
        </p>
      </div>
    </Card>
  );
}
