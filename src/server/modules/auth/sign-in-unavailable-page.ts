/**
 * The page GET /api/login answers (503) while the identity provider cannot be reached: the person
 * clicked "single sign-on" in a browser, so they get words and a way back, not JSON. It has no
 * script and no variable text: the same look as the app's other server-rendered pages.
 */
export function signInUnavailablePage(retryAfterSeconds: number): string {
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
main{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;max-width:400px;margin:16px;width:100%;box-sizing:border-box}
h1{font-size:20px;margin:0 0 6px}p{margin:0 0 16px;color:#475569;line-height:1.5}
.actions{display:flex;gap:8px;flex-wrap:wrap}
a{display:inline-block;border-radius:10px;padding:12px 16px;font-size:15px;font-weight:600;text-decoration:none}
a.primary{background:#4f46e5;color:#fff}a.secondary{border:1px solid #e2e8f0;color:#0f172a}
</style>
</head>
<body>
<main>
<h1>Single sign-on is unreachable right now</h1>
<p>Your organisation's sign-in service is not answering. Kitepost keeps trying, and single sign-on works again as soon as that service answers; nothing is wrong with your account.</p>
<p>Try again in ${minutes}, or sign in with your email and password meanwhile.</p>
<div class="actions">
<a class="primary" href="/api/login">Try again</a>
<a class="secondary" href="/?auth=signin">Back to sign-in</a>
</div>
</main>
</body>
</html>`;
}
