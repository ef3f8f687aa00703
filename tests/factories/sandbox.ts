/** Reading the platform simulator's server-rendered pages, as a browser would. */

export const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] as string] = decodeEntities(match[2] as string);
  }
  return fields;
}

/** What the OAuth popup page reports (its data attributes). */
export function popupResult(page: string): Record<string, string> {
  const main = page.match(/<main ([^>]*)>/)?.[1] ?? '';
  const result: Record<string, string> = {};
  for (const match of main.matchAll(/data-([a-z-]+)="([^"]*)"/g)) {
    result[match[1] as string] = decodeEntities(match[2] as string);
  }
  return result;
}
