import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthMethods } from '../../../../contracts/auth';
import { apiFetchJson } from '../../../lib/api-client';

export const authMethodsQueryKey = ['auth', 'methods'] as const;

/**
 * GET /api/auth/methods: whether this server signs anyone in with an access code (ACCESS_CODES)
 * and whether it can offer passkeys.
 * Read by hand rather than with the zod contract: the landing page's first load stays small.
 */
async function getAuthMethods(): Promise<AuthMethods> {
  const body = (await apiFetchJson('GET', '/api/auth/methods')) as Partial<AuthMethods> | null;
  return { accessCodes: body?.accessCodes === true, passkeys: body?.passkeys === true };
}

export const authMethodsQueryOptions = () =>
  queryOptions({ queryKey: authMethodsQueryKey, queryFn: getAuthMethods, staleTime: 5 * 60_000 });

export function useAuthMethods() {
  return useQuery(authMethodsQueryOptions());
}
