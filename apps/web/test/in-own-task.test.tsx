import { act, fireEvent, waitFor } from '@testing-library/react';
import { renderToStringAsync } from 'preact-render-to-string';
import { type ComponentType, Suspense, useEffect, useId, useState } from 'react';
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

describe('hydratedLater on a server-rendered page', () => {
  it('counts the document hydrated only after a page that loads later, and the parts it defers in turn', async () => {
    const { inOwnTask, hydratedLater, whenAllHydrated } = await import('../src/lib/in-own-task');
    const log: string[] = [];
    function Card() {
      useEffect(() => {
        log.push('card live');
      }, []);
      return <li>card</li>;
    }
    const CardApart = inOwnTask(Card);
    const PageBody = () => (
      <ul>
        <CardApart />
        <CardApart />
      </ul>
    );
    // Beside the page in its Suspense boundary, as the layout's mark is: Preact runs its effect while the page
    // is still loading.
    function Mark() {
      useEffect(() => whenAllHydrated(() => log.push('all hydrated')), []);
      return null;
    }
    // The menu around the page hydrates apart too, as the layout's does.
    function Nav() {
      useEffect(() => {
        log.push('menu live');
      }, []);
      return <nav>menu</nav>;
    }
    const NavApart = inOwnTask(Nav);
    const Layout = ({ Page }: { Page: ComponentType }) => (
      <div>
        <NavApart />
        <main>
          <Suspense fallback={null}>
            <Page />
            <Mark />
          </Suspense>
        </main>
      </div>
    );

    const root = document.getElementById('root') as HTMLElement;
    document.documentElement.dataset.hydrated = 'true';
    const ServerPage = hydratedLater(() => Promise.resolve({ default: PageBody }));
    root.innerHTML = await renderToStringAsync(<Layout Page={ServerPage} />);
    delete document.documentElement.dataset.hydrated;
    expect(root.querySelectorAll('li')).toHaveLength(2);

    let loaded = () => {};
    const loading = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const ClientPage = hydratedLater<object>(() => loading.then(() => ({ default: PageBody })));
    hydrateRoot(root, <Layout Page={ClientPage} />);
    // The menu goes live while the page is still loading: that is not all of the document.
    await waitFor(() => expect(log).toContain('menu live'));
    await act(async () => {});
    expect(log).toEqual(['menu live']);
    loaded();
    await waitFor(() => expect(log).toContain('all hydrated'));
    expect(log).toEqual(['menu live', 'card live', 'card live', 'all hydrated']);
    expect(root.querySelectorAll('li')).toHaveLength(2);
  });
});
