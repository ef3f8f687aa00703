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
