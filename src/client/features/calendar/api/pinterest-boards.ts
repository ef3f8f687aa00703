import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreatePinterestBoardRequest,
  pinterestBoard,
  pinterestBoardListResponse,
} from '../../../../contracts/pinterest';
import { apiRequest } from '../../../lib/api-client';

export const pinterestBoardsKey = (accountId: string) => ['pinterest-boards', accountId] as const;

/** GET /api/user/social-accounts/{id}/boards: the Pinterest account's boards (Pinterest is asked). */
export const pinterestBoardsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: pinterestBoardsKey(accountId),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/user/social-accounts/${encodeURIComponent(accountId)}/boards`,
        pinterestBoardListResponse,
      ),
    // Boards change rarely; the composer may open many times in a session.
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/** Read only for a connected account (null: nothing is asked). */
export function usePinterestBoardsQuery(accountId: string | null) {
  return useQuery({ ...pinterestBoardsQueryOptions(accountId ?? ''), enabled: accountId !== null });
}

/** POST /api/user/social-accounts/{id}/boards {name}: makes a board; the list is read again. */
export function useCreatePinterestBoard(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (board: CreatePinterestBoardRequest) =>
      apiRequest(
        'POST',
        `/api/user/social-accounts/${encodeURIComponent(accountId)}/boards`,
        pinterestBoard,
        board,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pinterestBoardsKey(accountId) });
    },
  });
}
