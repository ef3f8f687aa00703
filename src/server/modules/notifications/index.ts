// The notifications module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  emailButton,
  emailDocument,
  emailFooter,
  emailHeading,
  emailParagraph,
  escapeHtml,
  plainName,
} from './email-html';
export { composeNotificationEmail } from './notification-email';
export { insertNotifications, listWorkspaceRecipients } from './notifications.repository';
export type { NotifyWorkspaceDeps } from './notifications.service';
export { notifyWorkspace } from './notifications.service';
