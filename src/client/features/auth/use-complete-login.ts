import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { SessionUser } from '../../../contracts/auth';
import { paths } from '../../app/paths';
import { toast } from '../../components/ui/use-toast';
import { mirrorUser } from '../../lib/session';
import { currentUserQueryKey } from './api/get-current-user';
import { takeReturnPath } from './return-path';

export type LoginKind = 'login' | 'signup';

/**
 * After a successful login: mirror the user, greet, and open the dashboard (spec §4), or the
 * page the visitor was on the way to (a plan chosen before signing up: subscribe/return-path.ts).
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (user: SessionUser, kind: LoginKind) => {
    mirrorUser(user);
    if (kind === 'signup') {
      toast({
        title: 'Account Created Successfully',
        description: `Welcome to Kitepost, ${user.firstName}!`,
      });
    } else {
      toast({ title: 'Login Successful', description: `Welcome back, ${user.firstName}!` });
    }
    // Whatever was cached belonged to the previous session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    queryClient.setQueryData(currentUserQueryKey, user);
    // Navigate once the cache has told the router who is signed in (TanStack Query notifies on
    // the next task); otherwise the guard on /dashboard could see a signed-out render first.
    const target = takeReturnPath() ?? paths.dashboard;
    window.setTimeout(() => navigate(target), 0);
  };
}
