/**
 * Stripe's form encoding (`items[0][price]=…&expand[0]=…`, brackets encoded or not) as nested
 * objects; numeric keys make arrays. Both bodies and GET query strings use it.
 */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = rawKey
      .split('[')
      .map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    const path = [head, ...rest];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const key = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
