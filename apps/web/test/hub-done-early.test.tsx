import { visitRecord } from '@clean/shared/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { atMarch10, renderAgenda } from './support/agenda';
import { stubFetch } from './utils';

const SLOW = { timeout: 5000 };
// A week after the clock's March 10: Done & paid on it is early.
const ahead = visitRecord({
  key: 'r9-20270316T130000Z',
  start: '2027-03-16T13:00:00.000Z',
  end: '2027-03-16T15:00:00.000Z',
});
const summary = { one_time_cleanings: [], recurring_paid_records: [] };
const QUESTION = 'This visit is on Tue, Mar 16 — mark it done anyway?';

describe("the move form's Tell the customer box", () => {
  it('is ticked by default (the move mails the customer); unticked, the move says notify_customer: false', async () => {
    atMarch10();
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: [ahead] },
      'PATCH /api/visits/r9-20270316T130000Z': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { body: { ...ahead, start: '2027-03-17T14:00:00.000Z', end: '2027-03-17T16:00:00.000Z' } };
      },
    });
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'Visit: Tom Reilly' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Visit: Tom Reilly' });
    const open = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move this visit' }));
    open();
    const box = within(dialog).getByRole('checkbox', { name: 'Tell the customer' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('New date and time'), {
      target: { value: '2027-03-17T10:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move visit' }));
    await within(dialog).findByText('Moved to March 17, 2027 at 10:00 AM.');

    open();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tell the customer' }));
    fireEvent.change(within(dialog).getByLabelText('New date and time'), {
      target: { value: '2027-03-18T10:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move visit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { start: '2027-03-17T10:00' },
      { start: '2027-03-18T10:00', notify_customer: false },
    ]);
  });
});

describe('Done & paid on a visit still ahead', () => {
  it("asks the server's question, resends with confirm_early only when told to, then offers Undo", async () => {
    atMarch10();
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: [ahead] },
      'PATCH /api/visits/r9-20270316T130000Z': (init) => {
        const body = JSON.parse(String(init?.body));
        if (body.status === 'planned') return { body: ahead };
        return body.confirm_early
          ? { body: { ...ahead, status: 'done', paid: true, recurring_paid_id: 40 } }
          : { status: 409, body: { error: QUESTION } };
      },
    });
    const bodies = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'PATCH')
        .map(([, init]) => JSON.parse(String(init?.body)));
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'Visit: Tom Reilly' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Visit: Tom Reilly' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done & paid' }));

    const question = await within(dialog).findByRole('alertdialog', { name: 'Mark done early' });
    expect(question.textContent).toContain(QUESTION);
    expect(bodies()).toEqual([{ status: 'done', paid: true, payment_method: 'cash' }]);
    fireEvent.click(within(question).getByRole('button', { name: 'Not yet' }));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(bodies()).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done & paid' }));
    fireEvent.click(
      within(await within(dialog).findByRole('alertdialog')).getByRole('button', {
        name: 'Mark done anyway',
      }),
    );
    expect(await within(dialog).findByText('Done and paid: a paid record of $120.00 was made.')).toBeTruthy();
    expect(bodies()[2]).toEqual({
      status: 'done',
      paid: true,
      payment_method: 'cash',
      confirm_early: true,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('Undone: the visit is planned and unpaid again.')).toBeTruthy();
    await waitFor(() => expect(bodies()[3]).toEqual({ status: 'planned' }));
    expect(within(dialog).getByRole('button', { name: 'Done & paid' })).toBeTruthy();
  });
});
