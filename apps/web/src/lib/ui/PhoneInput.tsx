import type { ComponentProps } from 'react';
import { nextPhoneValue } from '../phone';
import { TextField } from './TextField';

type Props = {
  /** The text shown, (XXX) XXX-XXXX as far as typed. */
  value: string;
  onValueChange: (shown: string) => void;
} & Omit<ComponentProps<typeof TextField>, 'type' | 'value' | 'onChange'>;

/**
 * The phone input of a form without a form library (the booking form): the same (XXX) XXX-XXXX as it is typed and
 * backspace rule as `PhoneField`, holding the shown text, which the form sends as it is.
 */
export function PhoneInput({ value, onValueChange, ...props }: Props) {
  return (
    <TextField
      type="tel"
      {...props}
      value={value}
      onChange={(event) => onValueChange(nextPhoneValue(value, event.currentTarget.value))}
    />
  );
}
