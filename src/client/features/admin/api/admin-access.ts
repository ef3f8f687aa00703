import { useMutation } from '@tanstack/react-query';
import { type AccessCodeBody, adminAccessResponse, authMessages } from '../../../../contracts/auth';
import { codeOf, messageOf, NETWORK_ERROR_MESSAGE, postForAnswer } from '../../../lib/api-client';

export type AdminAccessOutcome =
  | { granted: true }
  | { granted: false; reason: 'refused' | 'rate-limited' | 'network'; message: string };

/** POST /api/admin/access: the server checks the code and marks the session admin. */
async function requestAdminAccess(body: AccessCodeBody): Promise<AdminAccessOutcome> {
  let answer: Awaited<ReturnType<typeof postForAnswer>>;
  try {
    answer = await postForAnswer('/api/admin/access', body);
  } catch {
    return { granted: false, reason: 'network', message: NETWORK_ERROR_MESSAGE };
  }
  const parsed = adminAccessResponse.safeParse(answer.body);
  if (answer.status === 200 && parsed.success && parsed.data.success) return { granted: true };
  if (codeOf(answer.body) === 'rate_limited') {
    return {
      granted: false,
      reason: 'rate-limited',
      message: messageOf(answer.body) ?? 'Too many attempts. Please try again later.',
    };
  }
  return { granted: false, reason: 'refused', message: authMessages.adminRefused };
}

export function useAdminAccess() {
  return useMutation({ mutationFn: requestAdminAccess, meta: { handlesUnauthorized: true } });
}
