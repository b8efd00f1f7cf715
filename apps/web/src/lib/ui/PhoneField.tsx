import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { nextPhoneDigits, nextPhoneValue, phoneInputValue } from '../phone';
import { TextField } from './TextField';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  /** What the form value holds: the digits (hub forms), or the formatted text (the booking form sends that). */
  holds?: 'digits' | 'shown';
} & Omit<
  ComponentProps<typeof TextField>,
  'name' | 'type' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error'
>;

/** A phone number input that shows (XXX) XXX-XXXX as it is typed, with the backspace rule of lib/phone. */
export function PhoneField<T extends FieldValues>({ control, name, holds = 'digits', ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value: string = field.value ?? '';
        const shownOf = (v: string) => (holds === 'digits' ? phoneInputValue(v) : v);
        return (
          <TextField
            type="tel"
            {...props}
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={shownOf(value)}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              field.onChange(
                holds === 'digits' ? nextPhoneDigits(value, typed) : nextPhoneValue(value, typed),
              );
            }}
          />
        );
      }}
    />
  );
}
