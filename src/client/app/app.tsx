import { StrictMode } from 'react';
import { Providers } from './providers';
import { AppRouter } from './router';

/**
 * The whole front end: what the browser renders (main.tsx) and what the build prerenders for the
 * public pages (entry-server.tsx). One tree, so hydration finds the markup it rendered.
 */
export function App() {
  return (
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>
  );
}
