/*
 * Escaped HTML built by a template tag: the simulator's pages and the bio page (issue 29), which
 * the server renders per request and the app's editor previews with the same code. Pure: no DOM,
 * no Node.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value, safe inside HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Marks a string as HTML already escaped (the page functions build with it). */
export interface Html {
  readonly html: string;
}
export const raw = (html: string): Html => ({ html });

/** A template tag that escapes every interpolated value unless it is `Html` (or a list of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return raw(out);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && 'html' in value) return String((value as Html).html);
  return escapeHtml(String(value));
}
