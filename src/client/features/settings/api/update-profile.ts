import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateProfileBody, updateProfileResponse } from '../../../../contracts/settings';
import { apiRequest } from '../../../lib/api-client';
import { mirrorUser } from '../../../lib/session';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { userSettingsQueryKey } from './get-settings';

/** PUT /api/user/profile: the Profile Information card, saved as a whole. */
export function updateProfile(body: UpdateProfileBody) {
  return apiRequest('PUT', '/api/user/profile', updateProfileResponse, body);
}

/**
 * Saves the profile, then shows the server's answer everywhere at once: the settings form, the
 * signed-in user (the shell's name and email) and its session mirror (spec: the profile save
 * writes the session user).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ settings, user }) => {
      queryClient.setQueryData(userSettingsQueryKey, settings);
      queryClient.setQueryData(currentUserQueryKey, user);
      mirrorUser(user);
    },
  });
}
