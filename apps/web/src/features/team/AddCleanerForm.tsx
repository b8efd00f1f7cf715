import { CreateForm } from '../../lib/ui/CreateForm';
import { PhoneField } from '../../lib/ui/PhoneField';
import { TextField } from '../../lib/ui/TextField';
import { useCreateForm } from '../../lib/useCreateForm';
import { useAddCleaner } from './api';
import { PayInputs } from './PayInputs';
import type { PayFields } from './pay';

type Values = { name: string; email: string; phone: string } & PayFields;

const empty = (): Values => ({ name: '', email: '', phone: '', payKind: 'hourly', payAmount: '' });

/** Add a cleaner: the server checks the fields, mails the invitation, and the form says so. */
export function AddCleanerForm() {
  const { register, control, submit } = useCreateForm(useAddCleaner(), {
    failure: 'Could not add the cleaner.',
    empty,
    toBody: (v: Values) => ({
      name: v.name,
      email: v.email,
      phone: v.phone,
      pay: { kind: v.payKind, amount: v.payAmount },
    }),
    created: (member) =>
      `Saved. ${member.name} is on the team; their invitation is on its way to ${member.email}.`,
  });
  return (
    <CreateForm label="Add a cleaner" submitLabel="Add cleaner" {...submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required autoComplete="off" {...register('name')} />
        <TextField label="E-mail" type="email" required autoComplete="off" {...register('email')} />
      </div>
      <PhoneField control={control} name="phone" label="Phone" autoComplete="off" />
      <PayInputs register={register} />
    </CreateForm>
  );
}
