import { type ComponentType, lazy, Suspense } from 'react';

/** Resolves in a later task: whatever waits on it runs after the browser has had a chance to do other work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** On the server, or in a browser given a server-rendered page (which it hydrates). */
const serverRendered =
  typeof document === 'undefined' || Boolean(document.getElementById('root')?.firstChild);

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
  const Later = lazy(() => nextTask().then(() => ({ default: Component })));
  function InOwnTask(props: P) {
    return (
      <Suspense fallback={null}>
        <Later {...props} />
      </Suspense>
    );
  }
  return InOwnTask;
}
