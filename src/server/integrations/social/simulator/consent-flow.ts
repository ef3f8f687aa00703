import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { NEW_ACCOUNT_CHOICE, renderAuthorizePage, renderSandboxErrorPage } from './authorize-page';
import { CONSENT_ROUTE, consentingWorkspace, HANDLE_TAKEN } from './sandbox-oauth';
import {
  findAccountsByIds,
  findOrCreateAccount,
  insertGrant,
  newOpaqueToken,
  type SandboxAccount,
  suggestHandle,
} from './sandbox-store';
import { type Fields, HIDDEN } from './simulator-routes';

/*
 * The consent page every pretend platform serves at its authorize URL: GET shows it; POST signs in
 * as (or creates) one of the consenting workspace's sandbox accounts and sends the browser back to
 * the app with a code. What each platform does its own way (how it checks the request, the form's
 * hidden fields, its handle rule, where a decline or an approval goes back to) comes in a
 * ConsentFlow, with the platform's documentation cited there.
 */

/** Remembers which sandbox accounts this browser signed in as, to offer them again. */
const REMEMBERED_ACCOUNTS = 5;

/** What every platform's authorize request carries once checked. */
export interface ConsentRequest {
  clientId: string;
  redirect: URL;
  scopes: string[];
  /** The app's state, sent back as it came; some platforms require one. */
  state: string | undefined;
}

/** A request the platform refuses: with its own error page, or back to the app with an error. */
export type ConsentRefusal = { errorPage: string } | { errorRedirect: string };

/** A platform's own part of the form (Facebook's Pages), read, shown again and acted on. */
interface ConsentExtra<E> {
  /** From the posted form; from `{}` when the page is first shown. */
  read(fields: Fields): E;
  /** HTML placed right after the account fieldset. */
  fieldset(extra: E): string;
  /** After the account is found or made: a message that refuses it, or undefined once done. */
  accept(account: SandboxAccount, extra: E): Promise<string | undefined>;
}

export interface ConsentFlow<R extends ConsentRequest, E = never> {
  platform: PublishingPlatform;
  label: string;
  logo: string;
  /** Where the platform lives under the app: the remembered-accounts cookie is scoped to it. */
  basePath: string;
  /** The authorize page's path; the form posts to it. */
  path: string;
  codeSeconds: number;
  /** Checks the request (query on GET, form on POST) as the platform would. */
  read(fields: Fields, appUrl: string): R | ConsentRefusal;
  /** How the `scope` parameter joins its scopes. */
  scopeSeparator: ',' | ' ';
  /** Parameters the platform takes beyond client, redirect, scope and state (X's PKCE challenge). */
  moreHidden?(request: R): Record<string, string>;
  /** What each scope lets the app do, in the platform's words. */
  scopeTexts: Record<string, string>;
  handle: {
    /** The line under the handle box. */
    rule: string;
    /** The platform's rule for a handle, after `normalize`. */
    pattern: RegExp;
    /** What the page says when the handle breaks the rule. */
    refused: string;
    /** The handle as typed or chosen, as the platform keeps it; trimmed, without a leading `@`, by default. */
    normalize?(typed: string): string;
    /** A handle to prefill; suggestHandle by default. */
    suggest?(): string;
  };
  /** A new account's display name; displayNameFor by default. */
  displayName?(handle: string): string;
  /** A new account's id on the platform, in the platform's format. */
  newExternalId(): string;
  /** The PKCE challenge kept with the code, if the platform takes one. */
  codeChallenge?(request: R): string;
  /** Where a member who declines is sent. */
  declined(request: R): string;
  /** Where an approval is sent, with the code. */
  approved(request: R, code: string): string;
  extra?: ConsentExtra<E>;
}

/** The `state` parameter to send back, when the app sent one. */
export const stateOf = (request: { state: string | undefined }): Record<string, string> =>
  request.state ? { state: request.state } : {};

/** A sandbox page: never cached. */
const sendPage = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A sandbox user's display name from a handle: `maple_bakery42` → `Maple Bakery`. */
export function displayNameFor(username: string): string {
  const words = username
    .replace(/\d+$/, '')
    .split(/[_.]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : username;
}

/** The answer of a token endpoint that issued a token: never cached (RFC 6749 §5.1). */
export const tokenAnswer = (body: Record<string, unknown>) => ({
  status: 200,
  headers: { 'cache-control': 'no-store' },
  body,
});

/** A new access token for the account, client and scopes of an earlier grant, living that many seconds. */
export function insertAccessGrant(
  db: Db,
  platform: PublishingPlatform,
  from: { accountId: string; clientId: string; scopes: string[] },
  seconds: number,
) {
  return insertGrant(db, {
    platform,
    kind: 'access',
    value: newOpaqueToken(),
    accountId: from.accountId,
    clientId: from.clientId,
    scopes: from.scopes,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
}

/** Registers the GET and POST of a platform's authorize page. */
export function registerConsentPage<R extends ConsentRequest, E = never>(
  app: FastifyInstance,
  { db, appUrl }: { db: Db; appUrl: string },
  flow: ConsentFlow<R, E>,
) {
  const cookieName = `kitepost_sandbox_${flow.platform}`;
  const normalize = flow.handle.normalize ?? ((typed: string) => typed.trim().replace(/^@/, ''));
  const suggest = flow.handle.suggest ?? suggestHandle;
  const displayName = flow.displayName ?? displayNameFor;

  /** A refusal as the platform's page: 400 by default, or a consent refusal's own status and heading. */
  const errorPage = (
    reply: FastifyReply,
    message: string,
    refusal: { status?: number; heading?: string } = {},
  ) =>
    sendPage(
      reply,
      refusal.status ?? 400,
      renderSandboxErrorPage({
        platformLabel: flow.label,
        logo: flow.logo,
        message,
        heading: refusal.heading,
      }),
    );

  const rememberedAccountIds = (request: FastifyRequest): string[] => {
    const cookie = request.headers.cookie ?? '';
    const match = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`).exec(cookie);
    return (match?.[1] ?? '').split('.').filter((id) => /^[0-9a-f-]{36}$/.test(id));
  };

  async function showConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    workspaceId: string,
    auth: R,
    form: { newHandle: string; extra: E | undefined; error?: string },
  ) {
    const accounts = await findAccountsByIds(db, flow.platform, rememberedAccountIds(request), workspaceId);
    const rendered = renderAuthorizePage({
      platformLabel: flow.label,
      logo: flow.logo,
      appName: 'Kitepost',
      action: flow.path,
      hidden: {
        response_type: 'code',
        client_id: auth.clientId,
        redirect_uri: auth.redirect.toString(),
        scope: auth.scopes.join(flow.scopeSeparator),
        ...stateOf(auth),
        ...flow.moreHidden?.(auth),
      },
      permissions: auth.scopes.map((scope) => flow.scopeTexts[scope] ?? scope),
      // An account with an owner is a Facebook Page: one signs in as a person.
      accounts: accounts.filter((account) => account.ownerId === null),
      newHandle: form.newHandle,
      chosen: NEW_ACCOUNT_CHOICE,
      handleRule: flow.handle.rule,
      error: form.error,
      cancelUrl: flow.declined(auth),
    });
    // The shared page has one fieldset (the account); a platform's own one goes right after it.
    const page =
      flow.extra && form.extra !== undefined
        ? rendered.replace('</fieldset>', `</fieldset>\n${flow.extra.fieldset(form.extra)}`)
        : rendered;
    return sendPage(reply, form.error ? 400 : 200, page);
  }

  /** The answer to a request the platform refuses. */
  const refuseRequest = (reply: FastifyReply, refusal: ConsentRefusal) =>
    'errorPage' in refusal ? errorPage(reply, refusal.errorPage) : reply.redirect(refusal.errorRedirect, 302);

  app.get(flow.path, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const auth = flow.read(request.query as Fields, appUrl);
    if (!('clientId' in auth)) return refuseRequest(reply, auth);
    return showConsent(request, reply, owner.workspaceId, auth, {
      newHandle: suggest(),
      extra: flow.extra?.read({}),
    });
  });

  app.post(flow.path, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const fields = (request.body ?? {}) as Fields;
    const auth = flow.read(fields, appUrl);
    if (!('clientId' in auth)) return refuseRequest(reply, auth);
    if (fields.decision !== 'authorize') return reply.redirect(flow.declined(auth), 302);
    const extra = flow.extra?.read(fields);
    const chosen = fields.account ?? NEW_ACCOUNT_CHOICE;
    const handle = normalize(chosen === NEW_ACCOUNT_CHOICE ? (fields.username ?? '') : chosen);
    const refuse = (error: string) =>
      showConsent(request, reply, owner.workspaceId, auth, {
        newHandle: fields.username ?? '',
        extra,
        error,
      });
    if (!flow.handle.pattern.test(handle)) return refuse(flow.handle.refused);
    const account = await findOrCreateAccount(db, flow.platform, owner.workspaceId, {
      username: handle,
      displayName: displayName(handle),
      externalId: flow.newExternalId(),
    });
    if (!account) return refuse(HANDLE_TAKEN);
    if (flow.extra && extra !== undefined) {
      const refused = await flow.extra.accept(account, extra);
      if (refused) return refuse(refused);
    }
    const code = await insertGrant(db, {
      platform: flow.platform,
      kind: 'code',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId: auth.clientId,
      redirectUri: auth.redirect.toString(),
      codeChallenge: flow.codeChallenge?.(auth) ?? null,
      scopes: auth.scopes,
      expiresAt: new Date(Date.now() + flow.codeSeconds * 1000),
    });
    const remembered = [account.id, ...rememberedAccountIds(request).filter((id) => id !== account.id)];
    reply.header(
      'set-cookie',
      `${cookieName}=${remembered.slice(0, REMEMBERED_ACCOUNTS).join('.')}; Path=${flow.basePath}; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    return reply.redirect(flow.approved(auth, code.value), 302);
  });
}
