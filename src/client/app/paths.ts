/** Every route path of the app, once (spec §2). */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  contentGenerator: '/content-generator',
  content: '/content',
  calendar: '/calendar',
  /** Posting schedules and queues per social account (issue 25). */
  queue: '/queue',
  /** Posts from a CSV file (issue 25), reached from the calendar's toolbar. */
  calendarImport: '/calendar/import',
  /** The media library (issue 24). */
  media: '/media',
  /** RSS/Atom auto-posting (issue 25). */
  feeds: '/feeds',
  /** The bio page editor and the short-link settings (issue 29). */
  links: '/links',
  socialAccounts: '/social-accounts',
  analytics: '/analytics',
  settings: '/settings',
  // Settings › API and Settings › Webhooks: features/api-access/api-access-paths.ts (signed-in only).
  subscribe: '/subscribe',
  demo: '/demo',
  admin: '/admin',
  integrations: '/integrations',
  /** The team page (spec §2: linked from the dashboard). */
  team: '/team',
  /** An invitation link's page (route pattern; build links with invitationPath). Works signed out too. */
  invitation: '/invite/:token',
  /** The sandbox's stand-in for Stripe's customer portal (sandbox billing only). */
  sandboxBillingPortal: '/billing/sandbox-portal',
  /** A password reset link's page (`?token=`; the server writes the link). Works signed out too. */
  resetPassword: '/reset-password',
  /** An email confirmation link's page (`?token=`). Signed in or not. */
  verifyEmail: '/verify-email',
} as const;

/** Server routes the browser navigates to (full page loads, not client routes). */
export const serverPaths = {
  login: '/api/login',
  /** The API's documentation (Swagger UI rendering the OpenAPI document, /api/openapi.json). */
  apiDocs: '/api/docs',
} as const;

/** The landing page with its Sign Up tab open (landing-page.tsx reads `?auth=`). */
export const signUpPath = `${paths.home}?auth=signup`;
/** The landing page with the Sign In dialog open. */
export const signInPath = `${paths.home}?auth=signin`;
/** The landing page with the Sign In dialog open on 'Forgot password?' (a new reset link). */
export const forgotPasswordPath = `${paths.home}?auth=forgot`;

export function subscribePath(planId: string): string {
  return `${paths.subscribe}?plan=${encodeURIComponent(planId)}`;
}

/** The page an invitation link opens (the server writes the same URL into the email). */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

/** /api/login, coming back to `returnTo` (a path of this app) after a provider sign-in. */
export function loginPath(returnTo?: string | null): string {
  return returnTo ? `${serverPaths.login}?returnTo=${encodeURIComponent(returnTo)}` : serverPaths.login;
}
