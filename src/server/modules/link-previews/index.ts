// The link-previews module's public entry: what other modules may use of it (decision 050).
// Another module imports from here, never from a file inside (npm run lint:deps checks it).

import { firstLinkIn } from '../../../contracts/first-link';
import type { AppContext } from '../../context';
import { previewLink } from './link-previews.service';

/** What the publishing pipeline hands LinkedIn and Facebook as `PublishInput.link`. */
export interface LinkCard {
  /** The link as the post's text has it (the platform renders its own card from it). */
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

/**
 * The card of the first http(s) link in `text`, or null when the text has none. A page that could
 * not be read (down, too slow, not public) still gives the link, with nulls: the platform reads
 * the page itself and may succeed where we did not. Cached, so the composer's earlier preview of
 * the same link is reused; never throws for what the page does.
 */
export async function linkPreviewFor(
  ctx: Pick<AppContext, 'config'>,
  text: string,
): Promise<LinkCard | null> {
  const url = firstLinkIn(text);
  if (!url) return null;
  const preview = await previewLink(ctx, url);
  return { url, title: preview.title, description: preview.description, imageUrl: preview.imageUrl };
}
