import { INQUIRY_STATUSES } from '@clean/shared';
import type { ComponentProps } from 'react';
import { Options, SelectField } from '../../lib/ui/FormFields';

/** The fields an inquiry's create and edit forms share, each laid out by its form. */

/** How the inquiry forms show the phone number (a <PhoneField> of their `phone_number`, kept as digits). */
export const inquiryPhone = {
  label: 'Phone Number',
  inputMode: 'numeric',
  autoComplete: 'off',
  placeholder: '(XXX) XXX-XXXX',
} as const;

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/** How the customer wants to be contacted; `unset` offers "Not set" too. */
export function CallOrTextField({ unset = false, ...props }: SelectProps & { unset?: boolean }) {
  return (
    <SelectField label="Call or Text" {...props}>
      {unset && <option value="">Not set</option>}
      <option value="call">Call</option>
      <option value="text">Text</option>
    </SelectField>
  );
}

/** Where the inquiry stands (New Inquiry … ). */
export function InquiryStatusField(props: SelectProps) {
  return (
    <SelectField label="Status" {...props}>
      <Options values={INQUIRY_STATUSES} />
    </SelectField>
  );
}
