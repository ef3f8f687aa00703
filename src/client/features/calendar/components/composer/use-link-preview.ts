import { useEffect, useState } from 'react';
import { firstLinkIn } from '../../../../../contracts/first-link';
import { useLinkPreviewQuery } from '../../api/get-link-preview';

/** How long the text must rest before its link is looked up (no request per keystroke). */
export const LINK_PREVIEW_DEBOUNCE_MS = 600;

/**
 * The card of the first link in the post's text, once the text has stopped changing for a moment;
 * `dismiss` hides it until another link is written.
 */
export function useLinkPreview(text: string) {
  const link = firstLinkIn(text);
  const [settled, setSettled] = useState<string | null>(link);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(link), LINK_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [link]);
  const asked = settled !== null && settled === link && settled !== dismissed ? settled : null;
  const query = useLinkPreviewQuery(asked);
  return {
    link: asked,
    loading: asked !== null && query.isPending,
    preview: asked !== null ? (query.data ?? null) : null,
    dismiss: () => setDismissed(asked),
  };
}
