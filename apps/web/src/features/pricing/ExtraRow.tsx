import { Button } from '../../lib/ui/Button';
import { MoneyField } from '../../lib/ui/FormFields';
import { TextField } from '../../lib/ui/TextField';
import { type ExtraDraft, type PricingErrors, suggestKey } from './draft';
import { minutesProps } from './ui';

const NAME_WITHOUT_KEY = 'Give the extra a name with letters or digits.';

/**
 * One extra: its name, price and minutes. Its key (what requests and quotes store) comes from the name, made
 * unique; a saved extra keeps its key when renamed, as past requests name it.
 */
export function ExtraRow({
  extra,
  number,
  errors,
  onChange,
  onRemove,
}: {
  extra: ExtraDraft;
  number: number;
  errors: PricingErrors;
  onChange: (patch: (e: ExtraDraft, others: string[]) => Partial<ExtraDraft>) => void;
  onRemove: () => void;
}) {
  const name = extra.name.trim() || `Extra ${number}`;
  const error = (field: string) => errors[`extras.${extra.id}.${field}`];
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <fieldset className="min-w-0">
        <legend className="sr-only">{name}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
          <TextField
            id={`${extra.id}-name`}
            className="col-span-2 sm:col-span-1"
            label="Name"
            maxLength={60}
            value={extra.name}
            // The key comes from the name: a name that gives none (only signs) is the name's problem.
            error={error('name') ?? (error('key') ? NAME_WITHOUT_KEY : undefined)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange((current, others) =>
                current.saved ? { name: value } : { name: value, key: suggestKey(value, others) },
              );
            }}
          />
          <MoneyField
            label="Price ($)"
            value={extra.amount}
            error={error('amount')}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(() => ({ amount: value }));
            }}
          />
          <TextField
            label="Minutes"
            {...minutesProps}
            value={extra.minutes}
            error={error('minutes')}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(() => ({ minutes: value }));
            }}
          />
          <Button
            variant="ghost"
            className="col-span-2 justify-self-end px-3 sm:col-span-1 sm:mt-6 sm:self-start sm:justify-self-auto"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
