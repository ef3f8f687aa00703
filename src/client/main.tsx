// Must come first: see the module.
import './lib/zod-without-eval';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prerenderedLazyPages } from './app/lazy-pages';
import { loadSessionUserSchema, mirrorSaysSignedIn } from './lib/session';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

function render(): void {
  // Over a prerendered page (a signed-in browser whose mirror outlived its cookie), createRoot
  // replaces that markup with its first commit.
  createRoot(container).render(<App />);
}

// The server sends `/`, `/integrations` and `/demo` prerendered for a visitor (decision 052):
// that markup is the visitor's first render, so a visitor hydrates it. When the mirror says
// someone is signed in, load the schema first so the first render can use the (validated)
// mirrored user: that render is the signed-in app, not the visitor's page, so it renders anew.
if (mirrorSaysSignedIn()) {
  loadSessionUserSchema().then(render, render);
} else if (container.firstElementChild) {
  const hydrate = () => hydrateRoot(container, <App />);
  const loadPage = prerenderedLazyPages[window.location.pathname];
  if (loadPage) loadPage().then(hydrate, hydrate);
  else hydrate();
} else {
  render();
}
