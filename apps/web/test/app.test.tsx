import { TOKEN_STORAGE_KEY } from '@clean/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, renderApp } from './support/app';
import { stubFetch } from './utils';

describe('app shell', () => {
  it('shows the public navigation, with the logo linking to /signin', async () => {
    stubFetch({});
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Packages', 'Book Now', 'Gallery', 'Reviews']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe('/contact');
    const social = within(nav).getByRole('link', { name: /Facebook/ });
    expect(social.getAttribute('target')).toBe('_blank');
    expect(social.getAttribute('rel')).toContain('noopener');
    expect(within(nav).getByRole('link', { name: 'Bristol Eco Clean' }).getAttribute('href')).toBe('/signin');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('toggles the mobile menu and closes it when a link is chosen', async () => {
    stubFetch({});
    const router = renderApp('/');
    // A native disclosure: the <summary> is the Menu button, and it works before the page's code runs.
    const toggle = screen.getByLabelText('Menu', { selector: 'summary' });
    expect(toggle.tagName).toBe('SUMMARY');
    const menu = toggle.closest('details') as HTMLDetailsElement;
    expect(menu.open).toBe(false);
    const toggled = new Promise((resolve) => menu.addEventListener('toggle', resolve, { once: true }));
    fireEvent.click(toggle);
    expect(menu.open).toBe(true);
    // The browser reports the toggle in a task of its own; the page's state follows it.
    await act(() => toggled);
    fireEvent.click(within(menu).getByRole('link', { name: 'Gallery' }));
    expect(menu.open).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gallery'));
  });

  it('closes the mobile menu with Escape', async () => {
    stubFetch({});
    renderApp('/');
    const toggle = screen.getByLabelText('Menu', { selector: 'summary' });
    const menu = toggle.closest('details') as HTMLDetailsElement;
    const toggled = new Promise((resolve) => menu.addEventListener('toggle', resolve, { once: true }));
    fireEvent.click(toggle);
    await act(() => toggled);
    expect(menu.open).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(menu.open).toBe(false);
  });

  it('sends visitors from /contact-center to /signin', async () => {
    stubFetch({});
    const router = renderApp('/contact-center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome Back, Admin!');
  });

  it('tells a signed-in cleaner the hub is the owner’s, with a link to their day', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'user-token');
    stubFetch({ 'GET /api/user': { body: { ...ADMIN_USER, username: 'helper', is_admin: false } } });
    const router = renderApp('/contact-center');
    const link = await screen.findByRole('link', { name: 'Open your day' });
    expect(link.getAttribute('href')).toBe('/my-day');
    expect(screen.getByRole('status').textContent).toContain('The Contact Center is the owner’s.');
    expect(router.state.location.pathname).toBe('/contact-center');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My day' }).getAttribute('href')).toBe('/my-day');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows a friendly 404 for unknown paths and sets the page title', async () => {
    stubFetch({});
    renderApp('/no-such-page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
    await waitFor(() => expect(document.title).toBe('Page not found | Bristol Eco Clean'));
  });
});
