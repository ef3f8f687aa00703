import { loginResponse, type SessionUser } from '../../../../contracts/auth';
import { messageOf, NETWORK_ERROR_MESSAGE, postForAnswer } from '../../../lib/api-client';

export type LoginOutcome =
  | { ok: true; user: SessionUser }
  /**
   * 'two-factor': the password was right and the account asks for a code from an authenticator
   * app; POST /api/auth/two-factor completes the sign-in (the server set a short-lived cookie).
   */
  | { ok: false; reason: 'refused' | 'network' | 'two-factor'; message: string };

/**
 * Runs one of the three login calls. The body is read whatever the status (a refusal carries
 * {success:false, message}); only a network failure throws inside, and it becomes an outcome too.
 */
export async function callLogin(url: string, body: unknown, defaultMessage: string): Promise<LoginOutcome> {
  let answer: Awaited<ReturnType<typeof postForAnswer>>;
  try {
    answer = await postForAnswer(url, body);
  } catch {
    return { ok: false, reason: 'network', message: NETWORK_ERROR_MESSAGE };
  }
  const parsed = loginResponse.safeParse(answer.body);
  if (
    answer.status >= 200 &&
    answer.status < 300 &&
    parsed.success &&
    parsed.data.success &&
    parsed.data.user
  ) {
    return { ok: true, user: parsed.data.user };
  }
  if (parsed.success && parsed.data.twoFactorRequired) {
    return { ok: false, reason: 'two-factor', message: parsed.data.message };
  }
  return { ok: false, reason: 'refused', message: messageOf(answer.body) ?? defaultMessage };
}
