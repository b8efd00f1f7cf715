import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { readStoredToken } from './lib/api';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A server-rendered page carries its data (the dehydrated query cache) as JSON, not as script (CSP).
const stateText = document.getElementById('query-state')?.textContent;
const state = stateText ? (JSON.parse(stateText) as DehydratedState) : undefined;
const queryClient = createQueryClient();
if (state) hydrate(queryClient, state);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} />
    </BrowserRouter>
  </StrictMode>
);

// The server renders what a visitor sees; the signed-in owner's page differs (admin controls), so it is
// rendered afresh rather than hydrated over the visitor's markup. Hydrating in a transition makes it
// interruptible: React works in slices of a few milliseconds (a plain hydrateRoot renders the page in one long
// task), and a tap on a part not yet live hydrates that part first.
if (state && container.firstChild && readStoredToken() === null) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else createRoot(container).render(app);
