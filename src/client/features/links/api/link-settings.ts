import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LinkSettings, type LinkSettingsBody, linkSettings } from '../../../../contracts/links';
import { apiRequest } from '../../../lib/api-client';

export const linkSettingsQueryKey = ['link-settings'] as const;

/** GET /api/link-settings: short links and UTM tags on or off, whether the plan has them, their origin. */
export function useLinkSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: linkSettingsQueryKey,
    queryFn: () => apiRequest('GET', '/api/link-settings', linkSettings),
    enabled,
  });
}

/** PUT /api/link-settings, shown at once (the switches save on change) and undone if refused. */
export function useUpdateLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkSettingsBody) => apiRequest('PUT', '/api/link-settings', linkSettings, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: linkSettingsQueryKey });
      const before = queryClient.getQueryData<LinkSettings>(linkSettingsQueryKey);
      if (before) queryClient.setQueryData<LinkSettings>(linkSettingsQueryKey, { ...before, ...body });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(linkSettingsQueryKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(linkSettingsQueryKey, saved),
  });
}
