import type { TeamMember } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeamSection } from '../src/features/team/TeamSection';
import { stubFetch } from './utils';

const owner: TeamMember = {
  id: 1,
  role: 'owner',
  name: null,
  email: 'owner@example.com',
  phone: null,
  pay: null,
  status: 'owner',
  removed_at: null,
};
const ana: TeamMember = {
  id: 2,
  role: 'cleaner',
  name: 'Ana Lima',
  email: 'ana@example.com',
  phone: '8605550142',
  pay: { kind: 'hourly', amount: 22.5 },
  status: 'invited',
  removed_at: null,
};

function renderTeam() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <TeamSection />
    </QueryClientProvider>,
  );
}

/** A server that keeps the team: what a POST adds, a PATCH changes and a DELETE removes, the next GET lists. */
function teamServer() {
  let team = [owner, ana];
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const note = (method: string, path: string, init: RequestInit) =>
    sent.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
  const replies = {
    'GET /api/team': () => ({ body: team }),
    'POST /api/team': (init: RequestInit) => {
      note('POST', '/api/team', init);
      const body = JSON.parse(String(init.body));
      if (body.email === 'taken@example.com')
        return { status: 409, body: { error: 'taken@example.com is already on the team.' } };
      const added: TeamMember = {
        ...ana,
        id: 3,
        name: body.name,
        email: body.email,
        phone: body.phone,
        pay: { kind: body.pay.kind, amount: Number(body.pay.amount) },
      };
      team = [...team, added];
      return { status: 201, body: added };
    },
    'PATCH /api/team/2': (init: RequestInit) => {
      note('PATCH', '/api/team/2', init);
      const body = JSON.parse(String(init.body));
      team = team.map((m) =>
        m.id === 2
          ? {
              ...m,
              ...(body.name ? { name: body.name } : {}),
              ...(body.pay ? { pay: { ...body.pay, amount: Number(body.pay.amount) } } : {}),
            }
          : m,
      );
      return { body: team.find((m) => m.id === 2) };
    },
    'DELETE /api/team/2': (init: RequestInit) => {
      note('DELETE', '/api/team/2', init);
      team = team.map((m) =>
        m.id === 2 ? { ...m, status: 'removed' as const, removed_at: '2026-12-01T15:00:00.000Z' } : m,
      );
      return { status: 204 };
    },
  };
  stubFetch(replies);
  return sent;
}

describe('the hub’s Team tab', () => {
  it('lists the owner first and the cleaners with their status and pay', async () => {
    teamServer();
    renderTeam();
    const list = await screen.findByRole('list', { name: 'Team members' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['You (the owner)', 'Ana Lima']);
    expect(within(cards[1] as HTMLElement).getByText('$22.50 an hour')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/Invited/)).toBeTruthy();
    // The owner cannot be removed; an invited cleaner can be sent a new link.
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(
      within(cards[1] as HTMLElement).getByRole('button', { name: 'Send new invitation Ana Lima' }),
    ).toBeTruthy();
  });

  it('adds a cleaner, sending the fields as the API takes them, and says so; a refusal says why', async () => {
    const sent = teamServer();
    renderTeam();
    const form = await screen.findByRole('form', { name: 'Add a cleaner' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ben Cruz' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'taken@example.com' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '8605550199' } });
    fireEvent.change(within(form).getByLabelText('Pay'), { target: { value: 'per_visit' } });
    fireEvent.change(within(form).getByLabelText('Pay amount ($)'), { target: { value: '65' } });
    const add = within(form).getByRole('button', { name: 'Add cleaner' });
    fireEvent.click(add);
    expect(
      await within(form).findByText(
        /Could not add the cleaner\. taken@example\.com is already on the team\./,
      ),
    ).toBeTruthy();
    // The refused form keeps what was typed: only the address changes.
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ben@example.com' } });
    fireEvent.click(add);
    expect(await within(form).findByText(/^Saved\. Ben Cruz is on the team/)).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/api/team',
      body: {
        name: 'Ben Cruz',
        email: 'ben@example.com',
        phone: '8605550199',
        pay: { kind: 'per_visit', amount: '65' },
      },
    });
    const list = screen.getByRole('list', { name: 'Team members' });
    await waitFor(() => expect(within(list).getByRole('article', { name: 'Ben Cruz' })).toBeTruthy());
  });

  it('edits a cleaner and says "Saved"', async () => {
    const sent = teamServer();
    renderTeam();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ana Lima' }));
    const form = screen.getByRole('form', { name: 'Edit Ana Lima' });
    fireEvent.change(within(form).getByLabelText('Pay amount ($)'), { target: { value: '24' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Ana Lima’s changes.')).toBeTruthy();
    expect(sent.at(-1)?.body).toMatchObject({ name: 'Ana Lima', pay: { kind: 'hourly', amount: '24' } });
    await waitFor(() => expect(screen.getByText('$24.00 an hour')).toBeTruthy());
  });

  it('asks before removing; Cancel removes nobody, Remove does and says so', async () => {
    const sent = teamServer();
    renderTeam();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ana Lima' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ana Lima?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ana Lima' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove Ana Lima?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText(/^Saved\. Ana Lima is removed from the team/)).toBeTruthy();
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Removed')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Remove Ana Lima' })).toBeNull();
  });
});
