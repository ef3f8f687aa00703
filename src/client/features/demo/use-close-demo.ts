import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';

/**
 * Close and Close Demo: the demo opens in a new tab from the landing page, so try to close the
 * tab. A browser only lets a script close a tab it opened (or one with no history); when the tab
 * stays open, go to the landing page instead.
 */
export function useCloseDemo(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => {
    window.close();
    // Chromium and Firefox mark the window closed at once when the close is allowed.
    if (!window.closed) navigate(paths.home);
  }, [navigate]);
}
