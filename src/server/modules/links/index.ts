// The links module's public entry (issue 29, decision 093): short links, the clicks on them, and
// what publishing asks of them. Another module imports from here, never from a file inside.

export { countryLookupCheck, flushClicks, recordVisit } from './click-recorder';
export { deleteExpiredClickData } from './clicks.repository';
export { findLinkSettings } from './links.repository';
export { listPostLinks } from './links.service';
export { networkFromReferrer } from './referrer-network';
export { insertShortLink } from './short-codes';
export { shortenForPublishing } from './shorten';
