import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HealthResponse, healthResponse } from '../../../../contracts/health';
import { apiRequest } from '../../../lib/api-client';

export const healthQueryKey = ['health'] as const;

/** GET /api/health: which adapter serves each concern, and which of them are sandboxes. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthQueryKey,
    queryFn: () => apiRequest('GET', '/api/health', healthResponse),
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}

/** Names of the concerns served by a sandbox, e.g. ['billing', 'social']. */
/** How the badge names each concern. */
const concernNames: Record<keyof HealthResponse['adapters'], string> = {
  database: 'database',
  jobs: 'jobs',
  ai: 'AI writer',
  aiImages: 'AI images',
  billing: 'billing',
  social: 'social platforms',
  mail: 'email',
  storage: 'media storage',
  identity: 'sign-in',
};

export function sandboxedConcerns(health: HealthResponse | undefined): string[] {
  if (!health) return [];
  return (Object.keys(health.adapters) as Array<keyof HealthResponse['adapters']>)
    .filter((concern) => health.adapters[concern].sandbox)
    .map((concern) => concernNames[concern]);
}
