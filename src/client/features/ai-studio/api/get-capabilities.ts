import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiCapabilities } from '../../../../contracts/ai-studio';
import { apiRequest } from '../../../lib/api-client';

export const capabilitiesQueryKey = ['ai', 'capabilities'] as const;

/**
 * GET /api/ai/capabilities: which writer and image maker answer (the menus' Sandbox labels), and
 * whether translating and monthly planning are open. It changes only with the server's setup or
 * the plan, so it is read once per visit.
 */
export const capabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: capabilitiesQueryKey,
    queryFn: () => apiRequest('GET', '/api/ai/capabilities', aiCapabilities),
    staleTime: 5 * 60_000,
  });

export function useAiCapabilities() {
  return useQuery(capabilitiesQueryOptions());
}
