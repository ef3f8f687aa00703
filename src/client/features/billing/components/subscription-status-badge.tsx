import type { BillingSubscription } from '../../../../contracts/billing';
import { Badge } from '../../../components/ui/badge';
import { statusLook } from '../billing-display';

/** Trial, Active, Past due, Cancelled; Free on the free plan. */
export function SubscriptionStatusBadge({
  subscription,
}: {
  subscription: Pick<BillingSubscription, 'plan' | 'status' | 'cancelAtPeriodEnd'>;
}) {
  const look = statusLook(subscription);
  return (
    <Badge variant={look.variant} data-testid="subscription-status">
      {look.label}
    </Badge>
  );
}
