import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BioPageBody, bioPage } from '../../../../contracts/links';
import { apiRequest } from '../../../lib/api-client';
import { bioPageQueryKey } from './get-bio-page';

/** PUT /api/bio-page: replaces the page and its links (the array's order is the page's). */
export function saveBioPage(body: BioPageBody) {
  return apiRequest('PUT', '/api/bio-page', bioPage, body);
}

export function useSaveBioPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBioPage,
    onSuccess: (saved) => queryClient.setQueryData(bioPageQueryKey, saved),
  });
}
