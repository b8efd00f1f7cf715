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
              const input = event.currentTarget;
              const next =
                holds === 'digits' ? nextPhoneDigits(value, input.value) : nextPhoneValue(value, input.value);
              // Preact re-renders a controlled input only when its state changes: an ignored 11th digit
              // (the same state) would otherwise stay on screen.
              const shown = shownOf(next);
              if (input.value !== shown) input.value = shown;
              field.onChange(next);
            }}
          />
        );
      }}
    />
  );
}
