import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '../../app/paths';
import { toast } from '../../components/ui/use-toast';
import { getBillingSubscription } from '../billing/api/get-billing-subscription';
import { refreshAfterPayment, toastPaymentSucceeded } from './use-complete-payment';
import { waitForPlan } from './wait-for-plan';

/**
 * Stripe sends some payments (3-D Secure, wallets) away and back to /dashboard with
 * `?redirect_status=…` (the Payment Element's return_url). The dashboard then says how it went,
 * drops the query, and refreshes the plan once Stripe's webhook has reached the server.
 */
export function usePaymentReturnToast() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const status = new URLSearchParams(search).get('redirect_status');

  useEffect(() => {
    if (!status || handled.current) return;
    handled.current = true;
    navigate(paths.dashboard, { replace: true });
    if (status === 'succeeded') {
      toastPaymentSucceeded();
      void waitForPlan({ read: getBillingSubscription }).then(() => refreshAfterPayment(queryClient));
    } else if (status === 'failed') {
      toast({
        title: 'Payment Failed',
        description: 'Your payment was not completed. Choose a plan to try again.',
        variant: 'destructive',
      });
    }
  }, [status, navigate, queryClient]);
}
