import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { useSearchOptions } from '../useSearchOptions';
import { type SearchOption, SearchSelect } from './SearchSelect';

/** Form values that pick an inquiry. */
export type WithInquiry = { inquiry: SearchOption | null };

/**
 * The create forms' 'Inquiry' selector for their `inquiry` value, searched by name on the server.
 * The caller passes the search (inquiries' `useInquiryOptions()`), so lib stays free of features.
 */
export function InquirySelect<T extends WithInquiry>({
  control,
  options,
}: {
  control: Control<T>;
  options: ReturnType<typeof useSearchOptions>;
}) {
  const inputId = useId();
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
          {...options}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    />
  );
}
