/**
 * The page GET /api/login answers (503) while the identity provider cannot be reached: the person
 * clicked "single sign-on" in a browser, so they get words and a way back, not JSON. No script;
 * the same look as the app's other server-rendered pages. "Try again" keeps where the person was
 * going (`returnTo`, already checked to be a path of this app, is URI-encoded: no HTML in it).
 */
export function signInUnavailablePage(retryAfterSeconds: number, returnTo: string | null): string {
  const tryAgain = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
  const minutes = retryAfterSeconds >= 60 ? 'a minute' : 'a few seconds';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Single sign-on is unreachable — Kitepost</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:grid;min-height:100vh;place-items:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;width:min(400px,calc(100% - 32px));box-sizing:border-box}
h1{font-size:20px;margin:0 0 6px}p{margin:0 0 16px;color:#475569;line-height:1.5}
.actions{display:flex;gap:8px;flex-wrap:wrap}
a{display:inline-block;border:1px solid #e2e8f0;border-radius:10px;padding:12px 16px;font-size:15px;font-weight:600;text-decoration:none}
a.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}a.secondary{color:#0f172a}
</style>
</head>
<body>
<main>
<h1>Single sign-on is unreachable right now</h1>
<p>Your organisation's sign-in service is not answering. Kitepost keeps trying, and single sign-on works again as soon as that service answers; nothing is wrong with your account.</p>
<p>Try again in ${minutes}, or sign in with your email and password meanwhile.</p>
<div class="actions">
<a class="primary" href="${tryAgain}">Try again</a>
<a class="secondary" href="/?auth=signin">Back to sign-in</a>
</div>
</main>
</body>
</html>`;
}
