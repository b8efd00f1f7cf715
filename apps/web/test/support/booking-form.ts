import { fireEvent, screen } from '@testing-library/react';

/** Fills in who is asking on the booking form: Jo, jo@example.com, from `town`, at `street` when given. */
export function fillContact(town: string, street?: string) {
  fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Jo' } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'jo@example.com' } });
  fireEvent.change(screen.getByLabelText('Town'), { target: { value: town } });
  if (street !== undefined)
    fireEvent.input(screen.getByLabelText('Street address'), { target: { value: street } });
}
