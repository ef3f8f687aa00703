import { type Html, html, raw, renderSandboxPage } from './sandbox-page';

/*
 * The consent page of a pretend platform: which sandbox account to sign in as (a new handle,
 * prefilled, or one this browser used before), what the app may do, Authorize or Cancel. A plain
 * form posting to itself: no script, works with the keyboard and a screen reader.
 */

/** The radio value that means "the new account named in the text box". */
export const NEW_ACCOUNT_CHOICE = '__new__';

export interface AuthorizePageInput {
  platformLabel: string;
  logo: string;
  appName: string;
  /** Where the form posts (this page's own path). */
  action: string;
  /** The OAuth request, carried through the form unchanged (and checked again on POST). */
  hidden: Record<string, string>;
  permissions: string[];
  /** Sandbox accounts this browser signed in as before. */
  accounts: Array<{ username: string; displayName: string }>;
  /** The handle in the text box. */
  newHandle: string;
  /** The chosen existing username, or NEW_ACCOUNT_CHOICE. */
  chosen: string;
  handleRule: string;
  /** Why the last submission was refused. */
  error?: string;
  cancelUrl: string;
}

export function renderAuthorizePage(input: AuthorizePageInput): string {
  const title = `${input.platformLabel} (Sandbox) — Authorize ${input.appName}`;
  const newChosen = input.chosen === NEW_ACCOUNT_CHOICE || input.accounts.length === 0;
  const hidden = Object.entries(input.hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const existing = input.accounts.map(
    (account, index) =>
      html`<div class="choice"><input type="radio" id="account-${index}" name="account" value="${account.username}"${attr(!newChosen && input.chosen === account.username, ' checked')}><label for="account-${index}">${account.displayName} <span class="muted">@${account.username}</span></label></div>`,
  );
  const errorId = 'username-error';
  const body: Html = html`
<h1>Authorize ${input.appName} to use your ${input.platformLabel} account?</h1>
<p class="muted">This is a sandbox: sign in as a pretend account. No password, nothing leaves Kitepost.</p>
<form method="post" action="${input.action}">
${hidden}
<fieldset>
<legend>Sandbox account</legend>
${existing}
<div class="choice"><input type="radio" id="account-new" name="account" value="${NEW_ACCOUNT_CHOICE}"${attr(newChosen, ' checked')}><label for="account-new">New account named</label>
<input type="text" id="username" name="username" value="${input.newHandle}" aria-label="New account's username" autocomplete="off" spellcheck="false" maxlength="30"${attr(Boolean(input.error), html` aria-invalid="true" aria-describedby="${errorId}"`)}></div>
<p class="muted" id="username-rule">${input.handleRule}</p>
${input.error ? html`<p class="error" id="${errorId}" role="alert">${input.error}</p>` : ''}
</fieldset>
<p>${input.appName} will be able to:</p>
<ul class="scopes">${input.permissions.map((permission) => html`<li>${permission}</li>`)}</ul>
<div class="actions"><button type="submit" name="decision" value="authorize">Authorize</button><a href="${input.cancelUrl}">Cancel</a></div>
</form>`;
  return renderSandboxPage({ title, platformLabel: input.platformLabel, logo: input.logo, body });
}

/** A pretend platform's page that says the request cannot go on (bad client, bad redirect...). */
export function renderSandboxErrorPage(input: {
  platformLabel: string;
  logo: string;
  message: string;
  /** The heading; 'Something went wrong' by default. */
  heading?: string;
}): string {
  const heading = input.heading ?? 'Something went wrong';
  return renderSandboxPage({
    title: `${input.platformLabel} (Sandbox) — ${heading}`,
    platformLabel: input.platformLabel,
    logo: input.logo,
    body: html`<h1>${heading}</h1><p>${input.message}</p>`,
  });
}

/** An attribute written only when the condition holds. */
function attr(condition: boolean, value: string | Html): Html {
  if (!condition) return raw('');
  return typeof value === 'string' ? raw(value) : value;
}
