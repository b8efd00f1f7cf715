import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** "Visit length (minutes)": empty keeps the owner's default length (`fallback`), shown as the placeholder. */
export function DurationField({
  fallback,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { fallback: number }) {
  return (
    <TextField
      label="Visit length (minutes)"
      type="number"
      inputMode="numeric"
      min={15}
      max={720}
      step={15}
      placeholder={String(fallback)}
      hint={`Empty: the default, ${fallback} minutes.`}
      {...props}
    />
  );
}

/** A length field's value for the API: a number, or null for the default. */
export const minutesOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
