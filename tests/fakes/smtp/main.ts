import {
  E2E_MAIL_SINK_HOST,
  E2E_MAIL_SINK_HTTP_PORT,
  E2E_SMTP_CREDENTIALS,
  E2E_SMTP_PORT,
} from '../../e2e/env';
import { startMailSink } from './mail-sink';

/** Started by playwright.config.ts: the mailbox of the e2e server that sends email (mail-sink.ts). */
const sink = await startMailSink({
  smtpPort: E2E_SMTP_PORT,
  httpPort: E2E_MAIL_SINK_HTTP_PORT,
  host: E2E_MAIL_SINK_HOST,
  credentials: E2E_SMTP_CREDENTIALS,
});
const stop = () => void sink.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
