import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { billingPortalResponse } from '../../../../contracts/billing';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, failureMessage, isUnauthorized } from '../../../lib/api-client';

export const PORTAL_FAILED_MESSAGE = 'Billing could not be opened. Please try again.';

/** POST /api/billing/portal: where 'Manage billing' goes (Stripe's customer portal, or the sandbox's). */
export function openBillingPortal() {
  return apiRequest('POST', '/api/billing/portal', billingPortalResponse);
}

export type PortalDestination = { kind: 'in-app'; path: string } | { kind: 'external'; url: string };

/**
 * The sandbox answers a path of this app (/billing/sandbox-portal): followed without a page load.
 * Anything on another origin (Stripe's portal) is a full navigation.
 */
export function portalDestination(url: string, origin: string): PortalDestination {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return { kind: 'external', url };
  }
  if (target.origin !== origin) return { kind: 'external', url: target.href };
  return { kind: 'in-app', path: `${target.pathname}${target.search}${target.hash}` };
}

/** 'Manage billing': asks the server for a portal session and goes there. */
export function useOpenBillingPortal() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => {
      const destination = portalDestination(url, window.location.origin);
      if (destination.kind === 'in-app') navigate(destination.path);
      else window.location.assign(destination.url);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Billing Unavailable',
        description: failureMessage(error, PORTAL_FAILED_MESSAGE),
        variant: 'destructive',
      });
    },
  });
}
