import { failureMessage, isUnauthorized } from '../lib/api-client';
import { toast } from './ui/use-toast';

/** A refused call as a toast, in the server's own words (403, 402 and 409 bodies carry a message). */
export function toastFailure(title: string, error: unknown, fallback = 'Please try again in a moment.') {
  // A 401 is already handled: the query client signs the browser out.
  if (isUnauthorized(error)) return;
  toast({ title, description: failureMessage(error, fallback), variant: 'destructive' });
}
