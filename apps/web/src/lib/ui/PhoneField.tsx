import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { phoneDigitsChange, phoneInputValue, phoneShownChange } from '../phone';
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
        const change = holds === 'digits' ? phoneDigitsChange : phoneShownChange;
        return (
          <TextField
            type="tel"
            {...props}
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={holds === 'digits' ? phoneInputValue(value) : value}
            onChange={change(value, field.onChange)}
          />
        );
      }}
    />
  );
}
