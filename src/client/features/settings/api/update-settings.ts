import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserSettingsBody, type UserSettings, userSettings } from '../../../../contracts/settings';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { userSettingsQueryKey } from './get-settings';

/** PUT /api/user/settings: changes only the preferences given; answers the whole form. */
export function updateUserSettings(body: UpdateUserSettingsBody) {
  return apiRequest('PUT', '/api/user/settings', userSettings, body);
}

const mutationKey = ['update-user-settings'] as const;

/**
 * Optimistic: the cache shows the change at once. Saves run one after another (one mutation
 * scope), so the server ends with the last change made; a failed save puts back only the fields
 * it changed, leaving a later toggle that is still on its way alone.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    scope: { id: 'user-settings' },
    mutationFn: updateUserSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: userSettingsQueryKey });
      const before = queryClient.getQueryData<UserSettings>(userSettingsQueryKey);
      if (!before) return { previous: {} };
      const previous = Object.fromEntries(
        Object.keys(patch).map((key) => [key, before[key as keyof UserSettings]]),
      ) as Partial<UserSettings>;
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, { ...before, ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (!context) return;
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, (current) =>
        current ? { ...current, ...context.previous } : current,
      );
    },
    onSuccess: (saved) => {
      // A later save still waiting would be overwritten by this answer: let the last one speak.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData(userSettingsQueryKey, saved);
      }
    },
  });
}

/** The toasts of a settings card: what it says once saved, and when the save failed (its fallback text). */
export interface SettingsSaveMessages {
  saved: { title: string; description: string };
  notSaved: { title: string; description: string };
}

/**
 * How a settings card saves a change the moment it is made: the optimistic update above, then the
 * card's toast, or its failure toast with the server's reason (a lapsed session says nothing here:
 * the sign-in prompt does).
 */
export function useSaveUserSettings(messages: SettingsSaveMessages) {
  const update = useUpdateUserSettings();
  return (patch: UpdateUserSettingsBody) =>
    update.mutate(patch, {
      onSuccess: () => toast(messages.saved),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: messages.notSaved.title,
          description: failureMessage(error, messages.notSaved.description),
          variant: 'destructive',
        });
      },
    });
}
