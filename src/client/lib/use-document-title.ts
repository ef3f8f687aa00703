import { useEffect } from 'react';

export const SITE_TITLE = 'Kitepost — AI social media marketing for small businesses';

/**
 * Sets the tab title while a page is shown; leaving it puts the site's title back. (The server
 * renders the first page's own title into the HTML, so "the previous title" may be this page's.)
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
