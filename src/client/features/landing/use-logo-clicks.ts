import { useEffect, useRef } from 'react';

export const ADMIN_CLICK_THRESHOLD = 5;
export const ADMIN_CLICK_RESET_MS = 3000;

/**
 * Counts clicks on the footer logo; the fifth click within a run (a run ends after 3 s without
 * a click) calls `onThreshold` and starts counting again (spec §2, §9).
 */
export function useLogoClicks(onThreshold: () => void): () => void {
  const count = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return () => {
    window.clearTimeout(timer.current);
    count.current += 1;
    if (count.current >= ADMIN_CLICK_THRESHOLD) {
      count.current = 0;
      onThreshold();
      return;
    }
    timer.current = window.setTimeout(() => {
      count.current = 0;
    }, ADMIN_CLICK_RESET_MS);
  };
}
