import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/** Resolves in a later task: whatever waits on it runs after the browser has had a chance to do other work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Until every part of a server-rendered page has hydrated (and while a page renders first in the browser). */
export const hydrating = () => typeof document !== 'undefined' && !document.documentElement.dataset.hydrated;

/** On the server, or in a browser given a server-rendered page (which it hydrates). */
const serverRendered =
  typeof document === 'undefined' || Boolean(document.getElementById('root')?.firstChild);

/** Deferred parts of the page not hydrated yet, and who waits for them all. */
let waiting = 0;
let onAllHydrated: (() => void) | undefined;

/** Runs `then` once every part deferred by inOwnTask has hydrated (at once if none waits). */
export function whenAllHydrated(then: () => void) {
  if (waiting === 0) then();
  else onAllHydrated = then;
}

/**
 * `Component`, hydrated in a task of its own: on a server-rendered page its markup stays as the server sent it
 * while the rest hydrates, and it hydrates a task later. Several short tasks keep a phone answering taps where
 * one long one blocks it (Lighthouse's Total Blocking Time counts every task past 50 ms).
 *
 * The server renders the same tree (Suspense, lazy, component), so ids from useId agree; a page the browser
 * renders itself gets the component as it is. The component must render one root element (Preact keeps one
 * server node for a part not hydrated yet). useId numbers ids in the order components render, and deferred
 * parts hydrate in page order: a useId in a part that hydrates at once but sits after this one would be numbered
 * differently from the server.
 */
export function inOwnTask<P extends object>(Component: ComponentType<P>) {
  if (!serverRendered) return Component;
  function InOwnTask(props: P) {
    // Each instance its own task (twelve cards, twelve short tasks).
    const [Later] = useState(() => hydratedLater(() => Promise.resolve({ default: Component })));
    return (
      <Suspense fallback={null}>
        <Later {...props} />
      </Suspense>
    );
  }
  return InOwnTask;
}

/**
 * A lazy component from `load`: while a server-rendered page hydrates it comes a task after loading, and
 * `whenAllHydrated` waits for it (and for the parts it defers in turn, which it renders before it counts as
 * hydrated); otherwise as soon as it has loaded.
 */
export function hydratedLater<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => {
    const deferred = hydrating();
    // Uncounted by the first effect only, should the part mount again.
    let counted = deferred;
    if (deferred) waiting += 1;
    return load().then(({ default: Component }) => {
      function Hydrated(props: P) {
        useEffect(() => {
          if (!counted) return;
          counted = false;
          waiting -= 1;
          if (waiting === 0) onAllHydrated?.();
        }, []);
        return <Component {...props} />;
      }
      return deferred ? nextTask().then(() => ({ default: Hydrated })) : { default: Hydrated };
    });
  });
}
