import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './simulator-context';

/*
 * The pretend Google sign-in, shared by the pretend YouTube and Google Business Profile (issue 28):
 * the consent page at `${basePath}/o/oauth2/v2/auth`, the token endpoint at
 * `${basePath}/oauth2/token` (codes, refresh tokens) and `${basePath}/oauth2/revoke`, as Google's.
 * Access tokens are grants of `platform` in the sandbox store (findLiveGrant(db, platform,
 * 'access', token)) carrying the scopes granted.
 * SCAFFOLDING: the YouTube helper implements it (the signature stays).
 */
export interface GoogleOAuthSimulatorOptions {
  platform: 'youtube' | 'google_business';
  /** Shown on the consent page: 'YouTube', 'Google Business Profile'. */
  label: string;
  logo: string;
  /** '/sandbox/youtube', '/sandbox/google-business'. */
  basePath: string;
  /** The scopes this product accepts, with what each lets the app do in Google's words. */
  scopes: Record<string, string>;
}

export function registerGoogleOAuthSimulator(
  _sandbox: FastifyInstance,
  _shared: SimulatorContext,
  _options: GoogleOAuthSimulatorOptions,
) {}
