// Must come first: see the module.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { loadSessionUserSchema, mirrorSaysSignedIn } from './lib/session';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

function render(): void {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

// When the mirror says someone is signed in, load the schema first so the first render can use
// the (validated) mirrored user; a visitor renders at once.
if (mirrorSaysSignedIn()) {
  loadSessionUserSchema().then(render, render);
} else {
  render();
}
