/**
 * How a configuration error shows the value it refuses (issue 19): start-up errors land in
 * terminals, supervisors' journals and CI logs, so a value that is or may hold a secret is
 * never printed. A secret's value is named by its variable only; a URL is shown with its
 * user name kept, its password masked and its query (where drivers take `?password=`) dropped;
 * a URL that does not parse is not shown at all (its password cannot be found to mask it).
 * Variables are secret by name, so a new `*_SECRET` or `*_API_KEY` is covered without a list.
 */

/** Variables whose whole value is a secret (keys, client secrets, signing secrets, codes). */
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|_KEY|_KEY_ID|ACCESS_CODE)$|API_KEY/;

/** Variables that hold a URL (and so perhaps a user and password). */
const URL_VARIABLE = /(_URL|_ENDPOINT|_ISSUER)$/;

export function isSecretVariable(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** ` (got "…")` for the error line, or '' when the value must not be shown. */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || isSecretVariable(name)) return '';
  // A URL variable may hold a libpq `host=… password=…` string or `user:pass@host`: only a
  // value that parses as a URL with a host is shown, and then masked.
  const urlLike = URL_VARIABLE.test(name) || value.includes('://') || value.includes('@');
  if (!urlLike) return ` (got "${value}")`;
  const masked = maskUrlCredentials(value);
  return masked === undefined ? '' : ` (got "${masked}")`;
}

/** The URL with its password masked and its query and fragment dropped; undefined when unparsable. */
export function maskUrlCredentials(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!url.host || !value.includes('://')) return undefined;
  if (url.password) url.password = '***';
  const hadQuery = url.search !== '';
  url.search = '';
  url.hash = '';
  return `${url.href}${hadQuery ? '?…' : ''}`;
}
