import type { FastifyInstance } from 'fastify';
import { type LinkedInOAuthApp, registerLinkedInOAuth } from './linkedin-oauth-simulator';
import { ensureOrganizations, PAGE_PLATFORM } from './linkedin-page-store';
import { LINKEDIN_PRODUCTS } from './linkedin-shapes';
import { html, raw } from './sandbox-page';
import { newOpaqueToken } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import type { Fields } from './simulator-routes';

/*
 * The pretend LinkedIn's OAuth for the Pages app (issue 27): a second app whose only product is
 * the Community Management API (it must be alone on its app, platforms.md audit 2026-11), so it
 * is granted w_organization_social, r_organization_social and rw_organization_admin, and refuses
 * the whole authorization (`unauthorized_scope_error`) for any other scope, OpenID's included.
 * As a Marketing Developer Platform partner it gets programmatic refresh tokens: 365 days from the
 * sign-in, not extended by a refresh, next to 60-day access tokens ("LinkedIn supports
 * programmatic refresh tokens for all approved MDP partners", learn.microsoft.com/en-us/linkedin/
 * shared/authentication/programmatic-refresh-tokens). The flow itself is the member app's
 * (linkedin-oauth-simulator.ts); the consent page adds the Pages the member administers.
 */

export const LINKEDIN_PAGES_BASE_PATH = '/sandbox/linkedin-pages';
export const LINKEDIN_PAGES_LABEL = 'LinkedIn Pages';
/** 365 days (programmatic refresh tokens). */
const LINKEDIN_REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;
const MAX_PAGES = 3;

const SCOPE_TEXTS: Record<string, string> = {
  w_organization_social:
    'Create, modify and delete posts, comments and reactions on behalf of your organizations.',
  r_organization_social: "Retrieve your organizations' posts, comments, reactions and other engagement data.",
  rw_organization_admin: "Manage your organizations' pages and retrieve reporting data.",
};

/** The consent page's own part: how many Pages the member administers, and an analyst-only one. */
interface PagesChoice {
  pages: number;
  analyst: boolean;
}

function readPagesChoice(fields: Fields): PagesChoice {
  const asked = Number(fields.pages ?? 1);
  return {
    pages: Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MAX_PAGES) : 1,
    analyst: fields.analyst_page === 'on',
  };
}

function pagesFieldset({ pages, analyst }: PagesChoice): string {
  const options = Array.from({ length: MAX_PAGES }, (_, index) => index + 1).map(
    (count) =>
      html`<option value="${count}"${raw(count === pages ? ' selected' : '')}>${count} ${count === 1 ? 'Page' : 'Pages'}</option>`,
  );
  return html`<fieldset>
<legend>Company Pages</legend>
<div class="choice"><label for="pages">Pages this member administers</label>
<select id="pages" name="pages">${options}</select></div>
<div class="choice"><input type="checkbox" id="analyst_page" name="analyst_page" value="on"${raw(analyst ? ' checked' : '')}>
<label for="analyst_page">Also a Page where this member is only an Analyst (cannot post)</label></div>
<p class="muted">Kitepost gets every Page the member may post as; with several, you choose one in Kitepost.</p>
</fieldset>`.html;
}

export function registerLinkedInPageOAuthSimulator(app: FastifyInstance, options: SimulatorContext) {
  const pagesApp: LinkedInOAuthApp<PagesChoice> = {
    site: { platform: PAGE_PLATFORM, basePath: LINKEDIN_PAGES_BASE_PATH },
    label: LINKEDIN_PAGES_LABEL,
    appScopes: new Set(LINKEDIN_PRODUCTS['community-management']),
    scopeTexts: SCOPE_TEXTS,
    newExternalId: () => newOpaqueToken().slice(0, 10),
    refreshTokenSeconds: LINKEDIN_REFRESH_TOKEN_SECONDS,
    extra: {
      read: readPagesChoice,
      fieldset: pagesFieldset,
      async accept(member, choice) {
        if (member.ownerId !== null) return 'That name belongs to a Page; sign in as a member.';
        await ensureOrganizations(options.db, member, {
          administered: choice.pages,
          analyst: choice.analyst,
        });
        return undefined;
      },
    },
  };
  registerLinkedInOAuth(app, options, pagesApp);
}
