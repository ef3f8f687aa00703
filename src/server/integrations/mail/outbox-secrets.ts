import type { TokenCipher } from '../../lib/token-cipher';
import type { MailMessage } from './mail-sender';

/** What the outbox shows where a secret was: the admin reads the message, never the secret. */
const secretPlaceholder = (index: number) => `[hidden-${index + 1}]`;

/**
 * The message as the outbox keeps it (decision 046): each secret replaced by its placeholder in
 * both bodies, and the secrets sealed with the token cipher so the mail job can put them back.
 */
export function hideSecrets(message: MailMessage, cipher: TokenCipher) {
  const secrets = (message.secrets ?? []).filter((secret) => secret.length > 0);
  let text = message.text;
  let html = message.html ?? null;
  secrets.forEach((secret, index) => {
    text = text.split(secret).join(secretPlaceholder(index));
    html = html === null ? null : html.split(secret).join(secretPlaceholder(index));
  });
  return {
    text,
    html,
    secretsSealed: secrets.length > 0 ? cipher.encrypt(JSON.stringify(secrets)) : null,
  };
}

/** The bodies as they are sent: the placeholders replaced by the unsealed secrets. */
export function restoreSecrets(
  bodies: { text: string; html: string | null; secretsSealed: string | null },
  cipher: TokenCipher,
): { text: string; html: string | null } {
  if (!bodies.secretsSealed) return { text: bodies.text, html: bodies.html };
  const secrets = JSON.parse(cipher.decrypt(bodies.secretsSealed)) as string[];
  let { text, html } = bodies;
  secrets.forEach((secret, index) => {
    text = text.split(secretPlaceholder(index)).join(secret);
    html = html === null ? null : html.split(secretPlaceholder(index)).join(secret);
  });
  return { text, html };
}
