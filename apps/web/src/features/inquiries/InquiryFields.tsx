import { INQUIRY_STATUSES } from '@clean/shared';
import type { ComponentProps } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Options, SelectField } from '../../lib/ui/FormFields';
import { PhoneField } from '../../lib/ui/PhoneField';

/** The fields an inquiry's create and edit forms share, each laid out by its form. */

/** The inquiry's phone number, kept as digits. */
export function InquiryPhoneField<T extends FieldValues>({
  control,
  hint,
}: {
  control: Control<T>;
  hint?: string;
}) {
  return (
    <PhoneField
      control={control}
      // Both inquiry forms name the value phone_number; the generic form type cannot show it.
      name={'phone_number' as Path<T>}
      label="Phone Number"
      inputMode="numeric"
      autoComplete="off"
      placeholder="(XXX) XXX-XXXX"
      hint={hint}
    />
  );
}

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
