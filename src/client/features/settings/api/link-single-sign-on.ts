import { useMutation } from '@tanstack/react-query';
import { singleSignOnLinkResponse } from '../../../../contracts/settings';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/user/single-sign-on/link: the identity provider's URL for linking this user. The
 * browser goes there; the provider sends it back to Settings with `?sso=linked` or `?sso=error`.
 */
export function startSingleSignOnLink() {
  return apiRequest('POST', '/api/user/single-sign-on/link', singleSignOnLinkResponse);
}

export function useLinkSingleSignOn() {
  return useMutation({
    mutationFn: startSingleSignOnLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
