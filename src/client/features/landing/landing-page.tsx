import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SessionUser } from '../../../contracts/auth';
import { authMessages } from '../../../contracts/auth-messages';
import type { Plan } from '../../../contracts/plans';
import { paths, subscribePath } from '../../app/paths';
import { clearSessionMirror } from '../../lib/session';
import { SITE_TITLE, useDocumentTitle } from '../../lib/use-document-title';
import { currentUserQueryKey } from '../auth/api/get-current-user';
import type { AuthTab, SignInStep } from '../auth/components/auth-dialog';
import { forgetReturnPath, rememberReturnPath } from '../auth/return-path';
import { CtaSection } from './components/cta-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PricingSection } from './components/pricing-section';
import { TestimonialsSection } from './components/testimonials-section';
import type { LandingDialog } from './landing-dialogs';
import { useDialogIntent } from './use-dialog-intent';
import { useLogoClicks } from './use-logo-clicks';

// The dialogs (Radix Dialog and Tabs, the forms, the contract schemas and zod: about 60 KB
// gzipped) are not needed to draw the page, and most visitors open none. They load when a visitor
// shows the intent to open one (useDialogIntent), or when one is opened (a click, `?auth=`): the
// dialog then shows as soon as they have arrived.
const LandingDialogs = lazy(() => import('./landing-dialogs').then((m) => ({ default: m.LandingDialogs })));

/** The site's title (the server renders it into '/'; a client-side visit from another page sets it). */

/**
 * `/?auth=signin` (where the server sends /api/login without an identity provider), `?auth=signup`,
 * or `?auth=forgot` (Sign In on its 'Forgot password?' step: a reset link that no longer works).
 */
function authTabFromSearch(search: string): { tab: AuthTab; step: SignInStep } | null {
  const value = new URLSearchParams(search).get('auth');
  if (value === 'forgot') return { tab: 'signin', step: 'forgot' };
  return value === 'signin' || value === 'signup' ? { tab: value, step: 'form' } : null;
}

/** What the provider sign-in's error codes mean to a person (better-auth's codes). */
const providerErrors: Record<string, string> = {
  // Refused: the provider did not assert this email verified, or the account here is unverified
  // (decision 031). Linking from Settings is the way to single sign-on for an existing account.
  account_not_linked:
    'An account with this email already exists. Sign in with your password, then link single sign-on in Settings.',
  access_denied: 'Sign-in was cancelled at your identity provider.',
  // better-auth's code when our session hook refuses a deactivated user (or, rarely, a failed write).
  unable_to_create_session: authMessages.inactive,
};

function providerErrorFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('error');
  if (!code) return null;
  return (
    providerErrors[code] ?? 'Single sign-on did not complete. Please try again or sign in with your email.'
  );
}

export function LandingPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // Read when a plan is chosen, not subscribed to: the session check's answer need not re-render
  // the page (a signed-in user gets the app instead of it).
  const queryClient = useQueryClient();
  // The first render is the prerendered page's (decision 052), whatever the query: `?auth=` opens
  // its dialog in the effect below, after hydration.
  const [dialog, setDialog] = useState<LandingDialog>('none');
  const [authTab, setAuthTab] = useState<AuthTab>('signin');
  const [authStep, setAuthStep] = useState<SignInStep>('form');
  // In the dialog itself (a toast would vanish): the person reads it before signing in again.
  const [authNotice, setAuthNotice] = useState<string | null>(null);

  useDocumentTitle(SITE_TITLE);

  const rootRef = useRef<HTMLDivElement>(null);
  const dialogsWanted = useDialogIntent(rootRef);

  useEffect(() => {
    const opened = authTabFromSearch(search);
    if (!opened) return;
    const providerError = providerErrorFromSearch(search);
    if (providerError) setAuthNotice(providerError);
    setAuthTab(opened.tab);
    setAuthStep(opened.step);
    setDialog('auth');
    // Drop the query so a reload does not reopen the dialog.
    navigate(paths.home, { replace: true });
  }, [search, navigate]);

  const openAuth = (tab: AuthTab) => () => {
    // Signing in from the top bar or the hero leads to the dashboard, not to a plan chosen earlier.
    forgetReturnPath();
    setAuthTab(tab);
    setAuthStep('form');
    setDialog('auth');
  };
  const openAdmin = () => setDialog('admin');

  const onLogoClick = useLogoClicks(openAdmin);
  const footerLogoClick = () => {
    clearSessionMirror();
    if (location !== paths.home) navigate(paths.home);
    onLogoClick();
  };

  const choosePlan = (plan: Plan) => {
    if (queryClient.getQueryData<SessionUser | null>(currentUserQueryKey)) {
      navigate(subscribePath(plan.id));
      return;
    }
    openAuth('signup')();
    // Once the account exists (or the visitor signs in instead), the plan chosen opens.
    rememberReturnPath(subscribePath(plan.id));
  };

  return (
    <div ref={rootRef} id="top" className="min-h-dvh bg-white">
      <LandingHeader onSignIn={openAuth('signin')} onStartTrial={openAuth('signup')} onAdmin={openAdmin} />
      <main>
        <HeroSection onStartTrial={openAuth('signup')} onUserLogin={() => setDialog('user-login')} />
        <FeaturesSection />
        <PricingSection onChoosePlan={choosePlan} />
        <TestimonialsSection />
        <CtaSection onStartTrial={openAuth('signup')} />
      </main>
      <LandingFooter onLogoClick={footerLogoClick} />

      {dialogsWanted || dialog !== 'none' ? (
        <Suspense fallback={null}>
          <LandingDialogs
            dialog={dialog}
            authTab={authTab}
            authStep={authStep}
            onAuthTabChange={setAuthTab}
            onSignIn={openAuth('signin')}
            authNotice={dialog === 'auth' ? authNotice : null}
            onClose={() => {
              setDialog('none');
              setAuthNotice(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
