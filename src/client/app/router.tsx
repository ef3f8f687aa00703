import { memo, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageMessage } from '../components/full-page-message';
import { PublicLayout } from '../components/public-layout';
import { useAuth } from '../features/auth/api/get-current-user';
import { LandingPage } from '../features/landing/landing-page';
import { RequireAuth } from './guard';
import {
  AdminPage,
  ContentGeneratorPage,
  DemoPage,
  IntegrationsPage,
  InvitationPage,
  NotFoundPage,
  ResetPasswordPage,
  SignedInApp,
  SubscribePage,
  VerifyEmailPage,
} from './lazy-pages';
import { paths } from './paths';

/**
 * The spec's route table (§2). A signed-in user gets the application area (loaded on demand);
 * a visitor, or anyone while the session is being checked, gets the public table. The app's
 * own routes are guarded there: 'Loading...', then a redirect to sign in.
 */
export function AppRouter() {
  const { user } = useAuth();
  return (
    <Suspense fallback={<FullPageMessage message="Loading..." />}>
      {user ? <SignedInApp /> : <SignedOutRoutes />}
    </Suspense>
  );
}

// memo: the session check's answer re-renders AppRouter; for a visitor it changes nothing below,
// and re-rendering the whole landing page then was a long task right after it painted.
const SignedOutRoutes = memo(function SignedOutRoutes() {
  return (
    <Switch>
      <Route path={paths.home} component={LandingPage} />
      <Route path={paths.subscribe}>
        <PublicLayout>
          <SubscribePage />
        </PublicLayout>
      </Route>
      <Route path={paths.demo}>
        <PublicLayout>
          <DemoPage />
        </PublicLayout>
      </Route>
      <Route path={paths.admin} component={AdminPage} />
      {/* An invitation shows who invited you to what before you sign in or create an account. */}
      <Route path={paths.invitation} component={InvitationPage} />
      {/* The links of the password reset and confirmation emails. */}
      <Route path={paths.resetPassword} component={ResetPasswordPage} />
      <Route path={paths.verifyEmail} component={VerifyEmailPage} />
      <Route path={paths.integrations}>
        <PublicLayout>
          <IntegrationsPage />
        </PublicLayout>
      </Route>
      <Route path={paths.contentGenerator}>
        <PublicLayout>
          <ContentGeneratorPage />
        </PublicLayout>
      </Route>
      <Route path={paths.content}>
        <PublicLayout>
          <ContentGeneratorPage />
        </PublicLayout>
      </Route>
      <Route path={paths.dashboard}>
        <RequireAuth />
      </Route>
      <Route path={paths.calendar}>
        <RequireAuth />
      </Route>
      <Route path={paths.queue}>
        <RequireAuth />
      </Route>
      <Route path={paths.calendarImport}>
        <RequireAuth />
      </Route>
      <Route path={paths.media}>
        <RequireAuth />
      </Route>
      <Route path={paths.feeds}>
        <RequireAuth />
      </Route>
      <Route path={paths.socialAccounts}>
        <RequireAuth />
      </Route>
      <Route path={paths.analytics}>
        <RequireAuth />
      </Route>
      {/* nest: its sub-pages too (Settings › API, Settings › Webhooks). */}
      <Route path={paths.settings} nest>
        <RequireAuth />
      </Route>
      <Route path={paths.team}>
        <RequireAuth />
      </Route>
      <Route path={paths.sandboxBillingPortal}>
        <RequireAuth />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
});
