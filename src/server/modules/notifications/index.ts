// The notifications module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailLink,
  EmailParagraph,
  emailColors,
  renderEmailHtml,
} from './email-layout';
export { composeNotificationEmail } from './notification-email';
export { insertNotifications, listWorkspaceRecipients } from './notifications.repository';
export { notifyWorkspace } from './notifications.service';
export { plainName } from './plain-name';
