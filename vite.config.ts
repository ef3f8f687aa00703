import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it for the chunks a prerendered page preloads (not served: a dotfile).
    manifest: true,
  },
  server: {
    port: 5173,
    // The API's port: PORT when set (as the API server reads it), else 5000.
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 5000}` },
      '/media': { target: `http://localhost:${process.env.PORT ?? 5000}` },
      // The platform simulator's sign-in pages and API (APP_URL is this server in development).
      '/sandbox': { target: `http://localhost:${process.env.PORT ?? 5000}` },
    },
  },
});
