import { ApiError, failureMessage } from '../../lib/api-client';

export const PAYMENT_FAILED_FALLBACK = 'Your payment could not be completed. Please try again.';

/**
 * The 'Payment Failed' toast's text (spec §8: the provider's message): the server's message for
 * the sandbox ('Your card was declined.'), Stripe's `error.message` for the Payment Element.
 */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof TypeError)
    return failureMessage(error, PAYMENT_FAILED_FALLBACK);
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim().length > 0) return message;
  }
  return PAYMENT_FAILED_FALLBACK;
}
