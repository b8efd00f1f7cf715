import type { Control, Path } from 'react-hook-form';
import type { useSearchOptions } from '../useSearchOptions';
import type { SearchOption } from './SearchSelect';
import { SearchSelectField } from './SearchSelectField';

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
  return (
    <SearchSelectField
      control={control}
      // Every T has `inquiry` (WithInquiry); the generic form type cannot show it.
      name={'inquiry' as Path<T>}
      label="Inquiry"
      placeholder="Select an Inquiry"
      options={options}
    />
  );
}
