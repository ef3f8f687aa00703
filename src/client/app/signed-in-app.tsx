import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { InlineLoading } from '../components/full-page-message';
import { PublicLayout } from '../components/public-layout';
import { apiAccessPaths } from '../features/api-access/api-access-paths';
import { AppShell } from './app-shell';
import { RequireAuth } from './guard';
import {
  AdminPage,
  ContentGeneratorPage,
  DemoPage,
  IntegrationsPage,
  InvitationPage,
  NotFoundPage,
  ResetPasswordPage,
  SubscribePage,
  TeamPage,
  VerifyEmailPage,
} from './lazy-pages';
import { paths } from './paths';

/**
 * Loaded on demand like the pages of lazy-pages.ts, but declared here: only signed-in people
 * reach it (this file is itself lazy), so its import map stays out of the landing's first load
 * (architecture §8's 100 KB budget).
 */
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
const CalendarPage = lazy(() =>
  import('../features/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
const SocialAccountsPage = lazy(() =>
  import('../features/social-accounts/social-accounts-page').then((m) => ({ default: m.SocialAccountsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const SandboxPortalPage = lazy(() =>
  import('../features/billing/sandbox-portal-page').then((m) => ({ default: m.SandboxPortalPage })),
);
const MediaPage = lazy(() => import('../features/media/media-page').then((m) => ({ default: m.MediaPage })));
const QueuePage = lazy(() => import('../features/queue/queue-page').then((m) => ({ default: m.QueuePage })));
const LinksPage = lazy(() => import('../features/links/links-page').then((m) => ({ default: m.LinksPage })));
const FeedsPage = lazy(() => import('../features/feeds/feeds-page').then((m) => ({ default: m.FeedsPage })));
const ApiKeysPage = lazy(() =>
  import('../features/api-access/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/api-access/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const PostImportPage = lazy(() =>
  import('../features/post-import/post-import-page').then((m) => ({ default: m.PostImportPage })),
);

/** Paths drawn inside the application shell (sidebar). */
const shellPaths = new Set<string>([
  paths.home,
  paths.dashboard,
  paths.contentGenerator,
  paths.content,
  paths.calendar,
  paths.queue,
  paths.calendarImport,
  paths.media,
  paths.feeds,
  paths.links,
  paths.socialAccounts,
  paths.analytics,
  paths.settings,
  apiAccessPaths.keys,
  apiAccessPaths.webhooks,
  paths.team,
]);

/** The signed-in route table (spec §2). */
export function SignedInApp() {
  const [location] = useLocation();
  if (shellPaths.has(location)) {
    return (
      <RequireAuth>
        <AppShell>
          <Suspense fallback={<InlineLoading />}>
            <Switch>
              <Route path={paths.home} component={DashboardPage} />
              <Route path={paths.dashboard} component={DashboardPage} />
              <Route path={paths.contentGenerator} component={ContentGeneratorPage} />
              <Route path={paths.content} component={ContentGeneratorPage} />
              <Route path={paths.calendar} component={CalendarPage} />
              <Route path={paths.queue} component={QueuePage} />
              <Route path={paths.calendarImport} component={PostImportPage} />
              <Route path={paths.media} component={MediaPage} />
              <Route path={paths.feeds} component={FeedsPage} />
              <Route path={paths.links} component={LinksPage} />
              <Route path={paths.socialAccounts} component={SocialAccountsPage} />
              <Route path={paths.analytics} component={AnalyticsPage} />
              <Route path={paths.settings} component={SettingsPage} />
              <Route path={apiAccessPaths.keys} component={ApiKeysPage} />
              <Route path={apiAccessPaths.webhooks} component={WebhooksPage} />
              <Route path={paths.team} component={TeamPage} />
            </Switch>
          </Suspense>
        </AppShell>
      </RequireAuth>
    );
  }
  return (
    <Switch>
      <Route path={paths.subscribe}>
        <PublicLayout>
          <SubscribePage />
        </PublicLayout>
      </Route>
      <Route path={paths.admin} component={AdminPage} />
      <Route path={paths.invitation} component={InvitationPage} />
      <Route path={paths.sandboxBillingPortal} component={SandboxPortalPage} />
      {/* An email's link opened in a signed-in browser: the same pages as for a visitor. */}
      <Route path={paths.resetPassword} component={ResetPasswordPage} />
      <Route path={paths.verifyEmail} component={VerifyEmailPage} />
      {/* Not in the spec's signed-in table, but "Watch Demo" opens it in a new tab: keep it reachable. */}
      <Route path={paths.demo}>
        <PublicLayout>
          <DemoPage />
        </PublicLayout>
      </Route>
      <Route path={paths.integrations}>
        <PublicLayout>
          <IntegrationsPage />
        </PublicLayout>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
