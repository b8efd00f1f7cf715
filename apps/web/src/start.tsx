import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/effects-before-input';
import { App } from './app/App';
import { preloadPage } from './app/routes';
import { readStoredToken } from './lib/api';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A server-rendered page carries its data (the dehydrated query cache) as JSON, not as script (CSP).
const stateText = document.getElementById('query-state')?.textContent;
const state = stateText ? (JSON.parse(stateText) as DehydratedState) : undefined;
const app = (
  <StrictMode>
    <App state={state} />
  </StrictMode>
);

// The server renders what a visitor sees; the signed-in owner's page differs (admin controls), so it is
// rendered afresh rather than hydrated over the visitor's markup.
if (state && container.firstChild && readStoredToken() === null) {
  // Hydration waits a task after the code has run: two shorter tasks keep a phone responsive where one long
  // one would block it.
  preloadPage(window.location.pathname)
    .finally(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
