import {
  OAUTH_CHANNEL,
  OAUTH_ERROR,
  OAUTH_RECEIVED,
  OAUTH_SUCCESS,
} from '../../../contracts/social-accounts';

/** The script the popup page loads (the CSP allows no inline script). Same for every answer. */
export const POPUP_SCRIPT_PATH = '/api/auth/social/popup.js';

export const popupScript = `(() => {
  const result = document.getElementById('oauth-result');
  if (!result) return;
  const data = result.dataset;
  const message =
    data.type === '${OAUTH_SUCCESS}'
      ? { type: data.type, platform: data.platform, accountId: data.accountId }
      : { type: '${OAUTH_ERROR}', platform: data.platform, message: data.message };
  if (window.opener && !window.opener.closed) {
    // Only the app's own origin may read the result (architecture §6).
    window.opener.postMessage(message, data.origin);
    window.close();
    return;
  }
  // No opener: a platform page whose Cross-Origin-Opener-Policy severed it (decision 040). The
  // waiting page of this origin hears the result on a BroadcastChannel and says it has it; then
  // this window closes. Unanswered (no page waits), it stays and says what happened.
  if (!data.flow || typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel('${OAUTH_CHANNEL}');
  channel.onmessage = (event) => {
    const answer = event.data;
    if (!answer || answer.type !== '${OAUTH_RECEIVED}' || answer.flow !== data.flow) return;
    channel.close();
    window.close();
  };
  channel.postMessage(Object.assign({ flow: data.flow }, message));
})();
`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `flow`: the opening page's id for the attempt, when known (see CONNECT_FLOW_PATTERN). */
export type PopupResult =
  | { type: typeof OAUTH_SUCCESS; platform: string; flow: string | null; accountId: string; label: string }
  | { type: typeof OAUTH_ERROR; platform: string; flow: string | null; message: string };

/**
 * The page the OAuth popup ends on: it posts the result to its opener at the app's origin and
 * closes; without an opener it broadcasts the result to the app's pages (OAUTH_CHANNEL) and closes
 * once the waiting page has it. Nobody waiting (a bookmarked link), it says what happened.
 */
export function popupPage(result: PopupResult, appOrigin: string): string {
  const success = result.type === OAUTH_SUCCESS;
  const title = success ? 'Account connected' : 'Connection failed';
  const text = success
    ? `Your ${result.label} account is connected. You can close this window.`
    : `${result.message} You can close this window.`;
  const attributes = [
    ['id', 'oauth-result'],
    ['data-type', result.type],
    ['data-platform', result.platform],
    ['data-origin', appOrigin],
    ...(result.flow ? [['data-flow', result.flow]] : []),
    ...(success ? [['data-account-id', result.accountId]] : [['data-message', result.message]]),
  ]
    .map(([name, value]) => `${name}="${escapeHtml(value ?? '')}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — Kitepost</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:grid;min-height:100vh;place-items:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;max-width:360px;margin:16px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{margin:0;color:#475569;line-height:1.5}
</style>
</head>
<body>
<main ${attributes}>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
</main>
<script src="${POPUP_SCRIPT_PATH}"></script>
</body>
</html>`;
}

/** The popup page that lets the user pick one of several accounts (a Facebook user's Pages). */
export function choicePage(input: {
  platform: string;
  label: string;
  state: string;
  choices: Array<{ externalId: string; displayName: string; username: string; followers: number | null }>;
}): string {
  const options = input.choices
    .map((choice, index) => {
      const id = `choice-${index}`;
      const followers =
        choice.followers === null ? '' : ` · ${choice.followers.toLocaleString('en-US')} followers`;
      return `<label class="choice" for="${id}"><input type="radio" id="${id}" name="externalId" value="${escapeHtml(choice.externalId)}"${index === 0 ? ' checked' : ''}> <span><strong>${escapeHtml(choice.displayName)}</strong><br><small>${escapeHtml(choice.username)}${followers}</small></span></label>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Choose an account — Kitepost</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:grid;min-height:100vh;place-items:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;max-width:400px;margin:16px;width:100%}
h1{font-size:20px;margin:0 0 6px}p{margin:0 0 16px;color:#475569;line-height:1.5}
.choice{display:flex;gap:10px;align-items:flex-start;border:1px solid #e2e8f0;border-radius:12px;padding:12px;margin-bottom:8px;cursor:pointer}
small{color:#475569}
button{margin-top:8px;width:100%;background:#4f46e5;color:#fff;border:0;border-radius:10px;padding:12px;font-size:15px;font-weight:600;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>Choose the ${escapeHtml(input.label)} account</h1>
<p>Your sign-in manages several. Kitepost will publish to the one you choose.</p>
<form method="post" action="/api/auth/social/${escapeHtml(input.platform)}/choose">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<fieldset style="border:0;padding:0;margin:0"><legend class="sr-only" style="position:absolute;left:-9999px">Accounts</legend>
${options}
</fieldset>
<button type="submit">Connect this account</button>
</form>
</main>
</body>
</html>`;
}
