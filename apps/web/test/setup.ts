import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Files share one DOM (isolate: false, docs/testing.md "Speed"): <html> is put back as it was after each test
// (a page marks it, e.g. data-hydrated).
const htmlAttributes = [...document.documentElement.attributes].map(
  ({ name, value }) => [name, value] as const,
);
function restoreHtml() {
  const html = document.documentElement;
  for (const { name } of [...html.attributes]) html.removeAttribute(name);
  for (const [name, value] of htmlAttributes) html.setAttribute(name, value);
}

afterEach(() => {
  cleanup();
  restoreHtml();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on navigation.
window.scrollTo = () => {};

// jsdom has no modal dialogs: enough of one for lib/ui/Dialog and the components built on it.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
