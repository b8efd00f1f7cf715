import { PAY_KINDS } from '@clean/shared';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { MoneyField, Options, SelectField } from '../../lib/ui/FormFields';
import { PAY_KIND_LABELS } from './pay';

/** How a cleaner is paid: hourly (× clocked time) or a flat amount per visit, and the amount. */
export function PayInputs<T extends FieldValues>({ register }: { register: UseFormRegister<T> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Pay" {...register('payKind' as Path<T>)}>
        <Options values={PAY_KINDS.map((kind) => ({ value: kind, label: PAY_KIND_LABELS[kind] }))} />
      </SelectField>
      <MoneyField label="Pay amount ($)" required {...register('payAmount' as Path<T>)} />
    </div>
  );
}
