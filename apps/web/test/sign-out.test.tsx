import { TOKEN_STORAGE_KEY } from '@clean/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER, renderApp } from './support/app';
import { stubFetch } from './utils';

// Its own file on purpose: the home page's code is not loaded yet when Sign Out navigates there, which
// is when a still-mounted admin guard could hijack the navigation and send the user to /signin.

describe('admin hub and Sign Out', () => {
  // The hub's chunk (calendar, selects, pricing…) is transformed on its first import, which on a busy machine takes
  // longer than any wait for a render should: done here, under the hook's limit, the test then waits for the page.
  beforeAll(() => import('../src/app/hub/HubPage'));

  it('shows the hub with its seven tabs to the admin, plus Admin and Sign Out in the nav', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'admin-token');
    stubFetch({ 'GET /api/user': { body: ADMIN_USER } });
    const router = renderApp('/contact-center');

    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).textContent).toBe(
      'Contact Center',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Agenda',
      'Manage',
      'Create Cleaning',
      'Invoices',
      'Pricing',
      'Site',
      'Team',
    ]);
    expect(screen.getByRole('tab', { name: 'Agenda' }).getAttribute('aria-selected')).toBe('true');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/contact-center');
    fireEvent.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Sign Out' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
