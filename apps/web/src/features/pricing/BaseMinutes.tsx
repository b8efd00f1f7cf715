import { formatMoney, type Package } from '@clean/shared';
import { TextField } from '../../lib/ui/TextField';
import type { PricingDraft, PricingErrors } from './draft';
import { Group } from './Group';
import { minutesProps } from './ui';

/** Each package's length for one bedroom and one bathroom; empty keeps the package off the online quote. */
export function BaseMinutes({
  packages,
  draft,
  errors,
  onChange,
}: {
  packages: Package[];
  draft: PricingDraft;
  errors: PricingErrors;
  onChange: (packageId: number, minutes: string) => void;
}) {
  return (
    <Group title="Packages">
      <p className="text-sm text-stone-600">
        How long each package takes for one bedroom and one bathroom. Leave it empty to keep a package off the
        online quote.
      </p>
      {packages.length === 0 ? (
        <p className="text-stone-700">
          No packages yet. Add one on the Packages page; its price is the base of the quote.
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {packages.map((p) => (
            <li
              key={p.id}
              className="grid grid-cols-[minmax(0,1fr)_7.5rem] items-center gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_10rem]"
            >
              <p className="min-w-0">
                <span className="block font-semibold [overflow-wrap:anywhere] text-stone-900">{p.title}</span>
                <span className="text-sm text-stone-600">{formatMoney(p.amount)} base price</span>
              </p>
              <TextField
                label="Base minutes"
                aria-label={`${p.title}: base minutes`}
                {...minutesProps}
                min={15}
                placeholder="Not online"
                value={draft.baseMinutes[p.id] ?? ''}
                error={errors[`base:${p.id}`]}
                onChange={(e) => onChange(p.id, e.currentTarget.value)}
              />
            </li>
          ))}
        </ul>
      )}
    </Group>
  );
}
