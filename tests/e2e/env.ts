/** The end-to-end server's settings, shared by playwright.config.ts and the tests. */
export const E2E_PORT = 5055;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = '.tmp/e2e-data';
export const E2E_ADMIN_ACCESS_CODE = 'e2e-admin-7391';

/**
 * A second server with ACCESS_CODES=off (the User Login dialog says codes are not enabled). It
 * also sends its email over SMTP to the mail sink below (account recovery), and is reached as
 * `localhost`: WebAuthn refuses an IP address as a relying party, and passkeys are tested here.
 */
export const E2E_CODES_OFF_PORT = 5056;
export const E2E_CODES_OFF_URL = `http://localhost:${E2E_CODES_OFF_PORT}`;
export const E2E_CODES_OFF_DATA_DIR = '.tmp/e2e-data-codes-off';

/**
 * The platforms' sign-in origin: a second port that forwards to the app
 * (tests/fakes/oauth-origin), where the sandbox's authorize URLs point (SANDBOX_AUTHORIZE_ORIGIN),
 * so every connection in the e2e tests leaves the app's origin and comes back, as a real one does.
 */
export const E2E_OAUTH_ORIGIN_PORT = 5057;
export const E2E_OAUTH_ORIGIN_URL = `http://127.0.0.1:${E2E_OAUTH_ORIGIN_PORT}`;

/**
 * The mailbox of the server above (tests/fakes/smtp/mail-sink.ts): a real SMTP server on one
 * port, and on the next an HTTP endpoint where a test reads what arrived for an address.
 */
export const E2E_SMTP_PORT = 5058;
export const E2E_MAIL_SINK_HTTP_PORT = 5059;
export const E2E_MAIL_SINK_HOST = '127.0.0.1';
export const E2E_MAIL_SINK_URL = `http://${E2E_MAIL_SINK_HOST}:${E2E_MAIL_SINK_HTTP_PORT}`;
export const E2E_SMTP_CREDENTIALS = { user: 'mailer', pass: 'e2e-smtp-pass' };
export const E2E_SMTP_URL = `smtp://${E2E_SMTP_CREDENTIALS.user}:${E2E_SMTP_CREDENTIALS.pass}@${E2E_MAIL_SINK_HOST}:${E2E_SMTP_PORT}`;
