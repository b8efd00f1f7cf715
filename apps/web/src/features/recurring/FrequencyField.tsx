import { FREQUENCY_SUGGESTIONS } from '@clean/shared';
import type { ComponentProps } from 'react';
import { Options, SelectField } from '../../lib/ui/FormFields';

/**
 * The schedule's frequency, a choice of the frequencies the server recognises for visits and overdue payments
 * (docs/product.md#visits-and-recurrence). The API still takes any text: a schedule saved with another one keeps
 * it (`current`) as an option of its own, so editing it changes nothing unasked.
 */
export function FrequencyField({
  current,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'label' | 'children'> & { current?: string }) {
  const other = current && !(FREQUENCY_SUGGESTIONS as readonly string[]).includes(current) ? [current] : [];
  return (
    <SelectField label="Frequency" hint="The visits go on the calendar at this frequency." {...props}>
      <Options values={[{ value: '', label: 'Not set' }, ...FREQUENCY_SUGGESTIONS, ...other]} />
    </SelectField>
  );
}
