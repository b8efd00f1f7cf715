import { options } from 'preact';

/**
 * Preact runs `useEffect` callbacks after the next frame; React runs them before it handles the next click or
 * key. Libraries rely on React's order: TanStack Query subscribes a mutation's component in an effect and calls
 * `mutate(…, { onError })` callbacks only for a subscribed component, so a click in the first frame after a
 * card appeared lost its error message. Effects now run as soon as the render is done (a microtask), before
 * any input can arrive.
 */
options.requestAnimationFrame = (callback) => queueMicrotask(callback);
