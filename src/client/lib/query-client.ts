import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { serverPaths } from '../app/paths';
import { toast } from '../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from './api-client';
import { clearSessionMirror } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    /** `handlesUnauthorized`: the caller deals with a 401 itself (login calls, the session check, admin). */
    queryMeta: { handlesUnauthorized?: boolean };
    mutationMeta: { handlesUnauthorized?: boolean };
  }
}

export const LOGIN_URL = serverPaths.login;
export const UNAUTHORIZED_REDIRECT_MS = 500;

let redirecting = false;

/** Spec §8: a 401 on an application call logs the browser out and sends it to sign in again. */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  clearSessionMirror();
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  window.setTimeout(() => {
    window.location.href = LOGIN_URL;
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** One notice at a time while the server is unavailable, however many calls fail. */
const UNAVAILABLE_NOTICE_MS = 10_000;
let unavailableNoticeAt = 0;

/**
 * A 503 on a page's data (the database restarting): say so, with the server's own words, instead
 * of leaving the page's placeholders to wait. Actions show their own failure.
 */
export function handleUnavailable(error: unknown): void {
  if (Date.now() - unavailableNoticeAt < UNAVAILABLE_NOTICE_MS) return;
  unavailableNoticeAt = Date.now();
  toast({
    title: 'Kitepost is unavailable right now',
    description: failureMessage(error, 'Please try again in a few seconds.'),
    variant: 'destructive',
  });
}

/** The spec's fetch defaults (§7): never stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && !query.meta?.handlesUnauthorized) handleUnauthorized();
        if (failureCode(error) === 'database_unavailable') handleUnavailable(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) handleUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
