import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { type SearchOption, SearchSelect } from '../../lib/ui/SearchSelect';
import { useInquiryOptions } from './api';

/** Form values that pick an inquiry. */
export type WithInquiry = { inquiry: SearchOption | null };

/** The create forms' 'Inquiry' selector for their `inquiry` value, searched by name on the server. */
export function InquirySelect<T extends WithInquiry>({ control }: { control: Control<T> }) {
  const inputId = useId();
  const inquiries = useInquiryOptions();
  return (
    <Controller
      // The generic form narrows to the shared `inquiry` field here.
      control={control as unknown as Control<WithInquiry>}
      name="inquiry"
      render={({ field }) => (
        <SearchSelect
          inputId={inputId}
          label="Inquiry"
          placeholder="Select an Inquiry"
          {...inquiries}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    />
  );
}
