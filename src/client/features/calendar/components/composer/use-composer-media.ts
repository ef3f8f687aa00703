import { useQueries } from '@tanstack/react-query';
import type { Media } from '../../../../../contracts/media';
import { mediaQueryOptions } from '../../api/media';

/**
 * Every media item the post refers to (its own and its thread's), read once each: a map by id for
 * the checks, the previews and the fit offers, and whether any is still loading.
 */
export function useComposerMedia(ids: string[]) {
  const unique = [...new Set(ids)];
  const queries = useQueries({ queries: unique.map((id) => mediaQueryOptions(id)) });
  const byId = new Map<string, Media>();
  for (const query of queries) if (query.data) byId.set(query.data.id, query.data);
  return { byId, loading: unique.some((id) => !byId.has(id)) };
}
