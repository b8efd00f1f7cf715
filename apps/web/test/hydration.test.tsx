import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydratedMark, HydratedPart, HydrationProvider } from '../src/lib/hydration';

/** Logs, when its effect runs (it is live), whether the document was already marked hydrated. */
function Live({ name, log }: { name: string; log: string[] }) {
  useEffect(() => {
    log.push(`${name} ${document.documentElement.dataset.hydrated ?? 'unmarked'}`);
  }, [name, log]);
  return <p>{name}</p>;
}

// The page's own content comes after the parts in the tree: hydrated in one pass, the parts' effects would run
// first (React runs effects in tree order).
const app = (log: string[]) => (
  <HydrationProvider>
    <HydratedPart>
      <Live name="part" log={log} />
      <HydratedPart>
        <Live name="inner part" log={log} />
      </HydratedPart>
    </HydratedPart>
    <Live name="page" log={log} />
    <HydratedMark />
  </HydrationProvider>
);

afterEach(() => {
  document.body.replaceChildren();
});

describe('hydration in parts', () => {
  it('hydrates the page first, then each part after the one around it, and marks the document only then', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(app([]));
    document.body.append(container);
    const log: string[] = [];
    startTransition(() => {
      hydrateRoot(container, app(log));
    });
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
    expect(log).toEqual(['page unmarked', 'part unmarked', 'inner part unmarked']);
    // The server's markup was kept, not drawn again.
    expect(container.textContent).toBe('partinner partpage');
  });
});
