import {
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
} from 'react';

/** The parts of the page not yet hydrated, and whether the page around them is. */
class HydrationState {
  private readonly pending = new Set<string>();
  private pageLive = false;

  add(id: string) {
    this.pending.add(id);
  }

  /** A part gone before it hydrated (the page left): nothing to wait for. */
  remove(id: string) {
    this.pending.delete(id);
  }

  done(id: string) {
    this.pending.delete(id);
    this.markIfLive();
  }

  pageDone() {
    this.pageLive = true;
    this.markIfLive();
  }

  private markIfLive() {
    if (!this.pageLive || this.pending.size > 0) return;
    if (document.documentElement.dataset.hydrated) return;
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
  }
}

const HydrationContext = createContext<HydrationState | null>(null);

/** Holds the page's hydration state for `HydratedMark` and every `HydratedPart` inside. */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [state] = useState(() => new HydrationState());
  return <HydrationContext value={state}>{children}</HydrationContext>;
}

/**
 * Marks the document once the page and all its parts are live. Placed beside the page in its Suspense boundary,
 * its effect runs when React has hydrated (or rendered) the page; a `HydratedPart` still dehydrated then holds the
 * mark until it is live. Browser tests wait for `html[data-hydrated]`; `npm run live` reads the `hydrated`
 * performance mark.
 */
export function HydratedMark() {
  const state = useContext(HydrationContext);
  useEffect(() => state?.pageDone(), [state]);
  return null;
}

/**
 * A part of a page that React hydrates on its own, after the page around it. The server's markup of a Suspense
 * boundary stays dehydrated while the rest of the page hydrates; React then hydrates it in a later pass with its own
 * commit (a commit is one task, not sliced), so a big form is made live in several short tasks rather than one long
 * one. A tap or key press inside a part not yet live hydrates it first. See docs/performance.md (/contact's
 * hydration in parts).
 */
export function HydratedPart({ children }: { children: ReactNode }) {
  const state = useContext(HydrationContext);
  const id = useId();
  // A layout effect: it runs in the commit of the page around the part, before `HydratedMark`'s effect.
  useLayoutEffect(() => {
    state?.add(id);
    return () => state?.remove(id);
  }, [state, id]);
  return (
    <Suspense fallback={null}>
      {children}
      <PartLive id={id} state={state} />
    </Suspense>
  );
}

function PartLive({ id, state }: { id: string; state: HydrationState | null }) {
  useEffect(() => state?.done(id), [state, id]);
  return null;
}
