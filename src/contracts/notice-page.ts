import { html } from './html';

/**
 * A small public page that says why there is nothing here: a short link that leads nowhere, a
 * bio page address nobody has. Readable on a phone, no script, kept out of search engines.
 */
export function renderNoticePage(message: string, hint: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${message}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:28rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0;color:#475569;line-height:1.5}
</style>
</head>
<body>
<main>
<h1>${message}</h1>
<p>${hint}</p>
</main>
</body>
</html>
`.html;
}
