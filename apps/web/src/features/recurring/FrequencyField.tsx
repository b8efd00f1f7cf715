import { FREQUENCY_SUGGESTIONS } from '@clean/shared';
import { type ComponentProps, useId } from 'react';
import { TextField } from '../../lib/ui/TextField';

/**
 * The schedule's frequency: free text (docs/product.md#visits-and-recurrence), with the frequencies the server
 * recognises for overdue payments offered as suggestions.
 */
export function FrequencyField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'list'>) {
  const listId = useId();
  return (
    <>
      <TextField
        label="Frequency"
        placeholder="Frequency (e.g., Weekly, Monthly)"
        hint="Weekly, Every 2 weeks, Every 4 weeks or Monthly are checked for overdue payments."
        list={listId}
        {...props}
      />
      <datalist id={listId}>
        {FREQUENCY_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}
