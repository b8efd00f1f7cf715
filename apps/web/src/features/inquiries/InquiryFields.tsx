import { INQUIRY_STATUSES } from '@clean/shared';
import type { ComponentProps } from 'react';
import { Options, SelectField, TextAreaField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';

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

type Binding = Omit<ComponentProps<typeof TextField>, 'label'> &
  Omit<ComponentProps<typeof TextAreaField>, 'label'>;

/** The home's street and ZIP, and the owner's notes on getting in (never shown to the customer). */
export function AddressFields({
  field,
}: {
  field: (name: 'street_address' | 'zip' | 'access_notes') => Binding;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <TextField label="Street address" autoComplete="off" maxLength={200} {...field('street_address')} />
        <TextField label="ZIP" inputMode="numeric" autoComplete="off" maxLength={5} {...field('zip')} />
      </div>
      <TextAreaField
        label="Access notes"
        hint="Only you see these: a key, a gate code, where to park."
        rows={2}
        {...field('access_notes')}
      />
    </>
  );
}
