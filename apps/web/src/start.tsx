import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/effects-before-input';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { preloadPage } from './app/routes';
import { readStoredToken } from './lib/api';
import { nextTask } from './lib/in-own-task';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A server-rendered page carries its data (the dehydrated query cache) as JSON, not as script (CSP).
const stateText = document.getElementById('query-state')?.textContent;
const state = stateText ? (JSON.parse(stateText) as DehydratedState) : undefined;
const queryClient = createQueryClient();
if (state) hydrate(queryClient, state);

// The server renders what a visitor sees; the signed-in owner's page differs (admin controls), so it is
// rendered afresh rather than hydrated over the visitor's markup.
if (state && container.firstChild && readStoredToken() === null) {
  // On a phone every step is a task of its own, each short enough not to block a tap: this code, the page's
  // chunk, the router, then hydration (itself split: layout, menu, footer, page; see lib/in-own-task.tsx).
  preloadPage(window.location.pathname)
    .catch(() => {})
    .then(nextTask)
    .then(() => {
      const router = createAppRouter();
      return nextTask().then(() => hydrateRoot(container, app(router)));
    });
} else {
  createRoot(container).render(app(createAppRouter()));
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
}
