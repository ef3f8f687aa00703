/*
 * The pieces every Kitepost email's HTML is made of (notices, invitations, the weekly report): one
 * look, inline styles only (mail clients drop <style>), and every customer string escaped.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A paragraph of HTML already escaped by the caller. */
export function emailParagraph(content: string, style = 'margin:0 0 16px'): string {
  return `<p style="${style}">${content}</p>`;
}

/** The call to action: a link drawn as the brand's button, in its own paragraph. */
export function emailButton(url: string, label: string): string {
  return emailParagraph(
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a>`,
  );
}

/** The heading inside the card; the text is escaped here. */
export function emailHeading(text: string): string {
  return `<h1 style="margin:0 0 12px;font-size:18px">${escapeHtml(text)}</h1>`;
}

/** The small grey line at the bottom of the card (HTML already escaped by the caller). */
export function emailFooter(content: string): string {
  return emailParagraph(content, 'margin:24px 0 0;font-size:12px;color:#64748b');
}

/** The whole document: a white card on a light page, holding `parts` in order. */
export function emailDocument(parts: string[]): string {
  return [
    '<!doctype html>',
    '<html><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">',
    ...parts,
    '</div></body></html>',
  ].join('');
}

/** Where a mail client's linkifier would see a link ("www.x.com", "a@b.c", "https://…"). */
const LINK_JOINTS = /([.@:/])/g;
/** Control and format characters: line breaks, bidi overrides, zero-width marks. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * A name someone chose (a user's, a workspace's) as an email shows it: plain words on one line,
 * at most `max` characters, never a link. Mail clients turn anything that looks like an address
 * into a link, in the text part as in the HTML, so a zero-width space follows every dot, @, colon
 * and slash: the name reads the same and links nowhere. The HTML part still escapes it.
 */
export function plainName(name: string, max = 60): string {
  const line = name.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  const short =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line;
  return short.replace(LINK_JOINTS, '$1\u200b');
}
