import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** A visit length in minutes: 15 to 720 (the visits' rule), in quarter hours. */
export function MinutesField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="number" inputMode="numeric" min={15} max={720} step={15} {...props} />;
}

/** "Visit length (minutes)": empty keeps the owner's default length (`fallback`), shown as the placeholder. */
export function DurationField({
  fallback,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { fallback: number }) {
  return (
    <MinutesField
      label="Visit length (minutes)"
      placeholder={String(fallback)}
      hint={`Empty: the default, ${fallback} minutes.`}
      {...props}
    />
  );
}

/** A length field's value for the API: a number, or null for the default. */
export const minutesOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
