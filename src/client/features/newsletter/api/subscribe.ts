import { useState } from 'react';
import type { NewsletterSubscribeBody } from '../../../../contracts/newsletter';
import {
  codeOf,
  messageOf,
  NETWORK_ERROR_MESSAGE,
  postForAnswer,
  type RawAnswer,
} from '../../../lib/api-client';

/**
 * POST /api/newsletter: the footer's 'Stay Updated' box.
 *
 * The contract's zod schemas are not imported here (only its type): this call sits on the landing
 * page, whose first load has a size budget, so the answer is checked by hand.
 */
export const NEWSLETTER_URL = '/api/newsletter';

export const newsletterMessages = {
  thanks: 'Thanks for subscribing! Watch your inbox for tips and product news.',
  invalidEmail: 'Please enter a valid email address.',
  rateLimited: 'Too many attempts. Please try again later.',
  failed: 'Something went wrong. Please try again.',
} as const;

export type NewsletterFailure = 'invalid' | 'rate-limited' | 'network' | 'server';

/** A refused or failed subscription; `message` is what to show the visitor. */
export class NewsletterError extends Error {
  readonly reason: NewsletterFailure;

  constructor(reason: NewsletterFailure, message: string) {
    super(message);
    this.name = 'NewsletterError';
    this.reason = reason;
  }
}

export interface NewsletterSubscribed {
  message: string;
}

/** Reads the answer: 200 {success:true, message} is the only success. */
export function readNewsletterAnswer(answer: RawAnswer): NewsletterSubscribed {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (record.success === true) {
      const message =
        typeof record.message === 'string' && record.message.length > 0
          ? record.message
          : newsletterMessages.thanks;
      return { message };
    }
    throw new NewsletterError('server', messageOf(body) ?? newsletterMessages.failed);
  }
  const code = codeOf(body);
  if (code === 'validation_failed' || code === 'bad_request') {
    // A validation failure carries its issues: messageOf gives the first issue's message.
    throw new NewsletterError('invalid', messageOf(body) ?? newsletterMessages.invalidEmail);
  }
  if (code === 'rate_limited') {
    throw new NewsletterError('rate-limited', messageOf(body) ?? newsletterMessages.rateLimited);
  }
  throw new NewsletterError('server', messageOf(body) ?? newsletterMessages.failed);
}

export async function subscribeToNewsletter(body: NewsletterSubscribeBody): Promise<NewsletterSubscribed> {
  let answer: RawAnswer;
  try {
    answer = await postForAnswer(NEWSLETTER_URL, body);
  } catch {
    throw new NewsletterError('network', NETWORK_ERROR_MESSAGE);
  }
  return readNewsletterAnswer(answer);
}

/**
 * The call's state, kept here rather than in TanStack Query's useMutation: this form is the
 * landing's only mutation, and useMutation's observer would ride in the landing's first load,
 * which has no byte to spare (architecture §8). A public call: a 401 never logs anyone out here.
 */
export function useSubscribeToNewsletter() {
  const [isPending, setPending] = useState(false);
  const mutate = (
    body: NewsletterSubscribeBody,
    handlers: { onSuccess: (result: NewsletterSubscribed) => void; onError: (error: unknown) => void },
  ) => {
    setPending(true);
    subscribeToNewsletter(body)
      .then(handlers.onSuccess, handlers.onError)
      .finally(() => setPending(false));
  };
  return { isPending, mutate };
}
