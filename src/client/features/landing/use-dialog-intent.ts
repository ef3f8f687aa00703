import { type RefObject, useEffect, useState } from 'react';

const intentEvents = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * True once a visitor shows the intent to open one of the page's dialogs: a pointer over, a press
 * of or the focus on a button marked `data-opens-dialog` inside `root`. That is usually long
 * enough before the click for the dialog's chunk to have arrived when it opens. The events bubble
 * up from every section's buttons to one listener, which goes once it has fired.
 */
export function useDialogIntent(root: RefObject<HTMLElement | null>): boolean {
  const [intent, setIntent] = useState(false);
  useEffect(() => {
    const element = root.current;
    if (intent || !element) return;
    const onEvent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-opens-dialog]')) setIntent(true);
    };
    for (const type of intentEvents) element.addEventListener(type, onEvent, { passive: true });
    return () => {
      for (const type of intentEvents) element.removeEventListener(type, onEvent);
    };
  }, [root, intent]);
  return intent;
}
