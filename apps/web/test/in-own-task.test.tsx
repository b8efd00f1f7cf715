import { fireEvent, waitFor } from '@testing-library/react';
import { renderToStringAsync } from 'preact-render-to-string';
import { useId, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';

/** A part with state and an id, as the menu is. */
function Menu() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" aria-controls={id} aria-expanded={open} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <span data-testid="client-id">{open ? id : ''}</span>
    </div>
  );
}

describe('inOwnTask on a server-rendered page', () => {
  it('keeps the server markup, hydrates the part a task later with the same id, then reports all hydrated', async () => {
    // The module decides when first loaded whether the page was rendered by the server: it was.
    document.body.innerHTML = '<div id="root"><p>server markup</p></div>';
    const { inOwnTask, whenAllHydrated } = await import('../src/lib/in-own-task');
    const MenuApart = inOwnTask(Menu);
    const Page = () => (
      <main>
        <MenuApart />
        <p>Headline</p>
      </main>
    );

    const root = document.getElementById('root') as HTMLElement;
    // The real server has no document, so nothing there waits to hydrate; here it renders beside one, which the
    // mark stands in for.
    document.documentElement.dataset.hydrated = 'true';
    root.innerHTML = await renderToStringAsync(<Page />);
    delete document.documentElement.dataset.hydrated;
    const serverButton = root.querySelector('button') as HTMLButtonElement;
    const serverId = serverButton.getAttribute('aria-controls');
    expect(serverId).toBeTruthy();

    hydrateRoot(root, <Page />);
    const hydrated = vi.fn();
    whenAllHydrated(hydrated);
    // In the hydration task itself the part is still the server's markup, without its handler.
    fireEvent.click(serverButton);
    expect(serverButton.getAttribute('aria-expanded')).toBe('false');
    expect(hydrated).not.toHaveBeenCalled();

    await waitFor(() => expect(hydrated).toHaveBeenCalledTimes(1));
    // The same element, now live; the id the browser computes is the server's.
    expect(root.querySelector('button')).toBe(serverButton);
    fireEvent.click(serverButton);
    expect(serverButton.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector('[data-testid="client-id"]')?.textContent).toBe(serverId);
    expect(root.textContent).toContain('Headline');
  });
});
