/**
 * Where to go after signing up or signing in, when the visitor was on their way somewhere (a
 * plan chosen on the pricing cards, /subscribe opened while signed out). Kept in session storage
 * for the one tab; it grants nothing (architecture §1.3), it only picks the page to open.
 */
import { safeReturnPath } from '../../../contracts/return-path';

export { safeReturnPath };

const RETURN_PATH_KEY = 'returnAfterLogin';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers `path` (when it is safe) as the page to open after the next login. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) storage()?.setItem(RETURN_PATH_KEY, safe);
}

export function forgetReturnPath(): void {
  storage()?.removeItem(RETURN_PATH_KEY);
}

/** The remembered path without forgetting it (a full-page sign-in carries it to the server). */
export function peekReturnPath(): string | null {
  return safeReturnPath(storage()?.getItem(RETURN_PATH_KEY) ?? null);
}

/** The remembered path, forgotten as it is read; null when there is none (or it is not safe). */
export function takeReturnPath(): string | null {
  const store = storage();
  const value = store?.getItem(RETURN_PATH_KEY) ?? null;
  store?.removeItem(RETURN_PATH_KEY);
  return safeReturnPath(value);
}
