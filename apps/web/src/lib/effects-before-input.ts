import { options } from 'preact';

/**
 * When `useEffect` callbacks run. Preact runs them after the next frame; React runs them after the paint too,
 * but always before it handles the next click or key — and libraries rely on that: TanStack Query subscribes
 * a mutation's component in an effect and calls `mutate(…, { onError })` callbacks only for a subscribed
 * component, so a click in a card's first frame lost its error message. Here effects run in a task of their
 * own right after the render (hydrating a page and running its effects are two shorter tasks, not one long
 * one), and any input that comes first runs them before its own handlers.
 */
const pending: Array<() => void> = [];

function runPending() {
  for (const callback of pending.splice(0)) callback();
}

options.requestAnimationFrame = (callback) => {
  pending.push(callback);
  if (pending.length === 1) setTimeout(runPending);
};

for (const type of ['pointerdown', 'mousedown', 'click', 'keydown', 'input', 'change', 'focusin', 'submit']) {
  window.addEventListener(type, runPending, { capture: true });
}
