import { type ReactNode, useEffect, useRef } from 'react';
import { FullPageMessage } from '../components/full-page-message';
import { toast } from '../components/ui/use-toast';
import { useAuth } from '../features/auth/api/get-current-user';
import { rememberReturnPath } from '../features/auth/return-path';
import { loginPath } from './paths';

export const GUARD_REDIRECT_MS = 1000;

/**
 * Route guard (spec §2, §4): 'Loading...' while the session is checked; a signed-out visitor is
 * told to sign in and sent to /api/login after a second, and comes back here once signed in.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useAuth();
  const mustRedirect = !isLoading && !user;
  const toasted = useRef(false);

  useEffect(() => {
    if (!mustRedirect) return;
    if (!toasted.current) {
      toasted.current = true;
      toast({
        title: 'Authentication Required',
        description: 'Please sign in to access this page.',
        variant: 'destructive',
      });
    }
    const timer = window.setTimeout(() => {
      // Back to this page after signing in: remembered for the sign-in dialogs, carried through
      // a provider's sign-in.
      const here = `${window.location.pathname}${window.location.search}`;
      rememberReturnPath(here);
      window.location.href = loginPath(here);
    }, GUARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [mustRedirect]);

  if (isLoading) return <FullPageMessage message="Loading..." />;
  if (!user) return <FullPageMessage message="Redirecting to login..." />;
  return <>{children}</>;
}
