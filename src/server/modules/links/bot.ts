import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

/*
 * Which visits count (issue 29, decision 093). A bot's click is still written, flagged, so the
 * numbers can say how many were filtered; a prefetch or a HEAD is not a visit at all.
 */

/**
 * A user agent that is a crawler, a link-preview fetcher (facebookexternalhit, Twitterbot,
 * Slackbot…), a command-line client or a headless browser (isbot's list, which includes
 * "HeadlessChrome"), or no user agent at all: every browser sends one.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return isbot(userAgent);
}

/**
 * A browser fetching the page ahead of a click that may never happen (Chromium's speculation
 * rules send `Sec-Purpose: prefetch`, older ones and Firefox `Purpose: prefetch` or
 * `X-Moz: prefetch`): not a visit.
 */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const said = [headers['sec-purpose'], headers.purpose, headers['x-moz']];
  return said.some((value) => typeof value === 'string' && /\bprefetch\b/i.test(value));
}
