/**
 * What the two-factor setup shows besides the QR code, worked out from the server's answers
 * (POST /api/user/two-factor/enable). Pure, so it is tested alone.
 */

/**
 * The base32 secret of an otpauth:// URI (its `secret` parameter), for people who type it into
 * their app instead of scanning. Null when the URI carries none.
 */
export function secretOfTotpUri(totpURI: string): string | null {
  let url: URL;
  try {
    url = new URL(totpURI);
  } catch {
    return null;
  }
  if (url.protocol !== 'otpauth:') return null;
  const secret = url.searchParams.get('secret')?.replace(/[\s=]/g, '').toUpperCase();
  return secret ? secret : null;
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': easier to read out and to type. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The file "Download" saves: the codes one a line, and what they are for. */
export function backupCodesFile(codes: readonly string[], email: string, date: Date): string {
  return [
    'Kitepost backup codes',
    `Account: ${email}`,
    `Created: ${date.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe. Making new codes stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const BACKUP_CODES_FILE_NAME = 'kitepost-backup-codes.txt';

/**
 * The name a new passkey gets unless the person types another: where it lives, as the sessions
 * list says it ('Chrome on macOS'), so two passkeys on two devices are told apart.
 */
export function defaultPasskeyName(deviceLabel: string): string {
  return deviceLabel === 'Unknown device' ? 'My passkey' : deviceLabel.slice(0, 60);
}
