/**
 * Where to go after signing up or signing in, when the visitor was on their way somewhere (a
 * plan chosen on the pricing cards, /subscribe opened while signed out). Kept in session storage
 * for the one tab; it grants nothing (architecture §1.3), it only picks the page to open.
 */
const RETURN_PATH_KEY = 'returnAfterLogin';

/**
 * `value` if it is a path inside this app: it starts with '/' and is not protocol-relative
 * ('//evil.example') or a backslash trick ('/\evil.example'), so a stored value can never send
 * the browser to another site. Anything else: null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a newline, a tab) have no place in a path we wrote ourselves.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

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

/** The remembered path, forgotten as it is read; null when there is none (or it is not safe). */
export function takeReturnPath(): string | null {
  const store = storage();
  const value = store?.getItem(RETURN_PATH_KEY) ?? null;
  store?.removeItem(RETURN_PATH_KEY);
  return safeReturnPath(value);
}
