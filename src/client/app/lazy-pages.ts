import { lazy } from 'react';
import { paths } from './paths';

/**
 * Every page but the landing is loaded on demand, so the landing's first load stays small
 * (architecture §8: <= 100 KB of JavaScript, gzipped).
 */
export const SignedInApp = lazy(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));
export const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
export const AnalyticsPage = lazy(() =>
  import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
export const ContentGeneratorPage = lazy(() =>
  import('../features/content/content-generator-page').then((m) => ({ default: m.ContentGeneratorPage })),
);
export const CalendarPage = lazy(() =>
  import('../features/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
export const SocialAccountsPage = lazy(() =>
  import('../features/social-accounts/social-accounts-page').then((m) => ({ default: m.SocialAccountsPage })),
);
export const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
export const SubscribePage = lazy(() =>
  import('../features/subscribe/subscribe-page').then((m) => ({ default: m.SubscribePage })),
);
export const SandboxPortalPage = lazy(() =>
  import('../features/billing/sandbox-portal-page').then((m) => ({ default: m.SandboxPortalPage })),
);
const loadDemoPage = () => import('../features/demo/demo-page');
export const DemoPage = lazy(() => loadDemoPage().then((m) => ({ default: m.DemoPage })));
const loadIntegrationsPage = () => import('../features/integrations/integrations-page');
export const IntegrationsPage = lazy(() =>
  loadIntegrationsPage().then((m) => ({ default: m.IntegrationsPage })),
);

/**
 * The lazy pages the server sends prerendered (decision 052), by path: main.tsx loads the one it
 * is on before hydrating, so hydration runs in one pass instead of leaving the page's markup
 * waiting for its chunk (and a click on it unanswered) after the entry has run.
 */
export const prerenderedLazyPages: Readonly<Record<string, () => Promise<unknown>>> = {
  [paths.demo]: loadDemoPage,
  [paths.integrations]: loadIntegrationsPage,
};
export const AdminPage = lazy(() =>
  import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })),
);
export const TeamPage = lazy(() =>
  import('../features/team/team-page').then((m) => ({ default: m.TeamPage })),
);
export const InvitationPage = lazy(() =>
  import('../features/invitations/invitation-page').then((m) => ({ default: m.InvitationPage })),
);
export const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
