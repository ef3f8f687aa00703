import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderSandboxErrorPage } from './authorize-page';
import {
  APP_PASSWORD_CLIENT,
  BLUESKY_BASE_PATH,
  BLUESKY_LABEL,
  BLUESKY_LOGO,
  newAppPassword,
  newDid,
  sandboxHandle,
} from './bluesky-shapes';
import { displayNameFor } from './consent-flow';
import { CONSENT_ROUTE, consentingWorkspace, HANDLE_TAKEN } from './sandbox-oauth';
import { html, renderSandboxPage } from './sandbox-page';
import { findOrCreateAccount, insertGrant, suggestHandle } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN } from './simulator-routes';

/*
 * The pretend bsky.app's "Settings › Privacy and security › App passwords": a signed-in member
 * names a handle (a sandbox identity of their workspace, made if new) and gets an app password
 * for it, shown once, as bsky.app shows it (xxxx-xxxx-xxxx-xxxx). Kitepost's Bluesky card then
 * signs in with the handle and that password (com.atproto.server.createSession). The password is a
 * grant of kind 'code' that never expires (the grants table knows no other kind; the simulator
 * adds no migration).
 */

export const APP_PASSWORDS_PATH = `${BLUESKY_BASE_PATH}/settings/app-passwords`;

const send = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

function formPage(input: { handle: string; error?: string }) {
  return renderSandboxPage({
    title: `${BLUESKY_LABEL} (Sandbox) — App passwords`,
    platformLabel: BLUESKY_LABEL,
    logo: BLUESKY_LOGO,
    body: html`<h1>App passwords</h1>
<p class="muted">An app password lets an app such as Kitepost post as you without your account password.</p>
<form method="post" action="${APP_PASSWORDS_PATH}">
<fieldset><legend>Account</legend>
<p class="choice"><label for="handle">Handle</label> <input type="text" id="handle" name="handle" value="${input.handle}" autocomplete="off" ${input.error ? 'aria-invalid="true"' : ''} aria-describedby="handle-rule"></p>
<p id="handle-rule" class="muted">Like name.bsky.social (a new handle makes a sandbox account of your workspace).</p>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : html``}
</fieldset>
<div class="actions"><button type="submit">Create app password</button></div>
</form>`,
  });
}

function passwordPage(input: { handle: string; password: string }) {
  return renderSandboxPage({
    title: `${BLUESKY_LABEL} (Sandbox) — App password created`,
    platformLabel: BLUESKY_LABEL,
    logo: BLUESKY_LOGO,
    body: html`<h1>Here is your app password</h1>
<p>Use it with the handle <strong id="app-password-handle">${input.handle}</strong>. It is shown only once.</p>
<p><code id="app-password">${input.password}</code></p>
<p class="muted">Copy it into Kitepost's Bluesky card, then close this page.</p>`,
  });
}

export function registerBlueskyAppPasswordPage(app: FastifyInstance, shared: SimulatorContext) {
  const refusedPage = (reply: FastifyReply, refusal: { status: number; heading: string; refused: string }) =>
    send(
      reply,
      refusal.status,
      renderSandboxErrorPage({
        platformLabel: BLUESKY_LABEL,
        logo: BLUESKY_LOGO,
        message: refusal.refused,
        heading: refusal.heading,
      }),
    );

  app.get(APP_PASSWORDS_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const who = consentingWorkspace(request);
    if ('refused' in who) return refusedPage(reply, who);
    return send(reply, 200, formPage({ handle: `${suggestHandle().replace(/_/g, '-')}.bsky.social` }));
  });

  app.post(
    APP_PASSWORDS_PATH,
    { config: CONSENT_ROUTE, schema: HIDDEN },
    async (request: FastifyRequest, reply) => {
      const who = consentingWorkspace(request);
      if ('refused' in who) return refusedPage(reply, who);
      const typed = String((request.body as Record<string, unknown> | undefined)?.handle ?? '');
      const handle = sandboxHandle(typed);
      if (!handle) {
        return send(reply, 400, formPage({ handle: typed, error: 'Enter a handle like name.bsky.social.' }));
      }
      const account = await findOrCreateAccount(shared.db, 'bluesky', who.workspaceId, {
        username: handle,
        displayName: displayNameFor(handle.split('.')[0] ?? handle),
        externalId: newDid(),
      });
      if (!account) return send(reply, 400, formPage({ handle, error: HANDLE_TAKEN }));
      const password = newAppPassword();
      await insertGrant(shared.db, {
        platform: 'bluesky',
        kind: 'code',
        value: password,
        accountId: account.id,
        clientId: APP_PASSWORD_CLIENT,
        scopes: ['com.atproto.appPass'],
        expiresAt: null,
      });
      return send(reply, 200, passwordPage({ handle, password }));
    },
  );
}
