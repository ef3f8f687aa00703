import { type ComponentType, createElement, lazy } from 'react';
import { paths } from './paths';

/**
 * Every page but the landing is loaded on demand, so the landing's first load stays small
 * (architecture §8: <= 100 KB of JavaScript, gzipped).
 */
export const SignedInApp = lazy(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));
export const ContentGeneratorPage = lazy(() =>
  import('../features/content/content-generator-page').then((m) => ({ default: m.ContentGeneratorPage })),
);
export const SubscribePage = lazy(() =>
  import('../features/subscribe/subscribe-page').then((m) => ({ default: m.SubscribePage })),
);
/**
 * A lazy page that can also be loaded ahead: once `preload` has resolved it renders the page
 * itself, without suspending. The server sends `/demo` and `/integrations` prerendered (decision
 * 052) and main.tsx preloads the one it is on before hydrating: a page that suspended during
 * hydration would leave its markup dehydrated, and the first update above it (the session check
 * answering) would make React drop that markup and render it anew.
 */
function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
    });
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Page(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}

export const DemoPage = preloadableLazy(() => import('../features/demo/demo-page').then((m) => m.DemoPage));
export const IntegrationsPage = preloadableLazy(() =>
  import('../features/integrations/integrations-page').then((m) => m.IntegrationsPage),
);

/** The lazy pages the server sends prerendered, by path: main.tsx preloads them before hydrating. */
export const prerenderedLazyPages: Readonly<Record<string, () => Promise<void>>> = {
  [paths.demo]: DemoPage.preload,
  [paths.integrations]: IntegrationsPage.preload,
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
/** The pages an account email's link opens (issue 23), signed in or not. */
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('../features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
