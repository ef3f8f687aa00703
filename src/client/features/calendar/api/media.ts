import { useQuery } from '@tanstack/react-query';
import { type Media, media } from '../../../../contracts/media';
import { mediaQueryKey, mediaQueryOptions } from '../../../components/media-queries';
import { ApiError } from '../../../lib/api-client';

export { mediaQueryKey, mediaQueryOptions };

export function useMedia(id: string | undefined) {
  return useQuery({ ...mediaQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** POST /api/media, multipart with the image in the field `file`. */
export async function uploadMedia(file: File): Promise<Media> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/media', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return media.parse(await response.json());
}
