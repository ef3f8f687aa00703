import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationPreview } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';

export const invitationQueryKey = (token: string) => ['invitation', token] as const;

/** GET /api/team/invitations/{token} (public: the token is the secret): what the invite page shows. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationQueryKey(token),
    queryFn: () => apiRequest('GET', `/api/team/invitations/${encodeURIComponent(token)}`, invitationPreview),
    retry: false,
    // A public call: whatever it answers, it never means the visitor was signed out.
    meta: { handlesUnauthorized: true },
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
