import type { FastifyRequest } from 'fastify';
import { escapeHtml, type Html, html, raw } from '../../../../contracts/html';

export { escapeHtml, type Html, html, raw } from '../../../../contracts/html';

/*
 * The HTML frame of every pretend platform's page: small, no scripts (the CSP forbids inline
 * ones, and none are needed), one inline style sheet (allowed), a visible "Sandbox" badge.
 */

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f1419;background:#f4f6f8}
main{max-width:34rem;margin:2.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d6dde3;border-radius:16px;padding:1.75rem}
.brand{display:flex;align-items:center;gap:.75rem;margin-bottom:1.25rem}
.logo{display:inline-grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;background:#0f1419;color:#fff;font-weight:700}
.badge{display:inline-block;padding:.125rem .625rem;border-radius:999px;background:#fff4d6;color:#6b4e00;border:1px solid #e0b84c;font-size:.8125rem;font-weight:600;letter-spacing:.02em}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
p{margin:.5rem 0}
.muted{color:#536471}
ul.scopes{margin:.75rem 0 1.25rem;padding-left:1.25rem}
fieldset{border:0;margin:1rem 0;padding:0}
legend{font-weight:600;margin-bottom:.5rem}
.choice{display:flex;align-items:center;gap:.5rem;margin:.375rem 0}
input[type=text]{font:inherit;padding:.5rem .625rem;border:1px solid #8b98a5;border-radius:8px;min-width:0;flex:1}
input[type=text][aria-invalid=true]{border-color:#b3261e}
.error{color:#b3261e;font-weight:600}
.actions{display:flex;align-items:center;gap:1rem;margin-top:1.5rem}
button{font:inherit;font-weight:700;padding:.625rem 1.5rem;border:0;border-radius:999px;background:#0f1419;color:#fff;cursor:pointer}
button:hover{background:#272c30}
a{color:#0b5cad}
:focus-visible{outline:3px solid #1d9bf0;outline-offset:2px}
.post-author{display:flex;align-items:center;gap:.75rem}
.avatar{width:3rem;height:3rem;border-radius:50%}
.post-text{font-size:1.25rem;white-space:pre-wrap;overflow-wrap:anywhere;margin:1rem 0}
.post-images{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.5rem;margin:1rem 0}
.post-images img{width:100%;height:auto;border-radius:12px;border:1px solid #d6dde3}
.stats{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0 0;padding:.75rem 0 0;border-top:1px solid #d6dde3}
.stats div{display:flex;gap:.25rem}
.stats dt{order:2;color:#536471}
.stats dd{order:1;margin:0;font-weight:700}
footer{margin-top:1rem;font-size:.875rem}
`;

/** A whole page of a pretend platform. */
export function renderSandboxPage(input: {
  title: string;
  platformLabel: string;
  logo: string;
  body: Html;
}): string {
  return `<!doctype html>${
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${input.title}</title><style>${raw(STYLES)}</style></head><body><main><div class="card"><div class="brand"><span class="logo" aria-hidden="true">${input.logo}</span><strong>${input.platformLabel}</strong> <span class="badge">Sandbox</span></div>${input.body}</div><footer class="muted">This is the Kitepost platform simulator: a pretend ${input.platformLabel} for trying Kitepost without a real account. Nothing here is sent to ${input.platformLabel}.</footer></main></body></html>`
      .html
  }`;
}

/** A round avatar with the account's initial, as an SVG (served as an image, so the CSP allows it). */
export function avatarSvg(name: string, seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initial = escapeHtml((name.trim()[0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 38%)"/><text x="48" y="62" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}

/**
 * A pretend post's page, and an identity's avatar, are shown to members of the workspace that owns
 * the identity only (decision 036): these pages look up the Kitepost session ('optional': anyone
 * else gets the page's "not found"). The simulator is served on the app's own origin, so the
 * browser that opens a post's link from Kitepost sends the session with it.
 */
export const MEMBER_PAGE = { access: 'optional' } as const;

/** The workspace whose sandbox posts and identities the page may show; null: none. */
export const pageViewer = (request: FastifyRequest): string | null => request.auth?.workspaceId ?? null;
