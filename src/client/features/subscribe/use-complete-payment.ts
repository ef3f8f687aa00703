import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { billingMessages } from '../../../contracts/billing';
import { paths } from '../../app/paths';
import { toast } from '../../components/ui/use-toast';
import { subscriptionSetupQueryKey } from './api/create-subscription';

export const PAYMENT_SUCCESS_TITLE = 'Payment Successful';

/**
 * Everything cached about the plan is stale after a payment (the user's plan badge, Settings'
 * subscription card, usage limits): read it all again, and wait for it, so the next screen shows
 * the new plan at once. The page's own setup answer is left alone: reading it again would
 * prepare another subscription.
 */
export function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== subscriptionSetupQueryKey[0],
  });
}

export function toastPaymentSucceeded(): void {
  toast({ title: PAYMENT_SUCCESS_TITLE, description: billingMessages.paymentSucceeded });
}

/** After a payment went through: refresh, say so, and open the dashboard (spec §2, §8). */
export function useCompletePayment() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await refreshAfterPayment(queryClient);
    toastPaymentSucceeded();
    navigate(paths.dashboard);
  };
}
