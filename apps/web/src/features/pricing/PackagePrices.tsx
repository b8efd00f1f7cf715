import { type Package, packageInput } from '@clean/shared';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '../../lib/failure';
import { Button } from '../../lib/ui/Button';
import { MoneyField } from '../../lib/ui/FormFields';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { useSaveStatus } from '../../lib/useSaveStatus';
import { useSavePackage } from '../packages/api';

const text = (amount: number) => amount.toFixed(2);

/**
 * Each package's price, the base of every quote, edited beside the price table: Save sends the packages whose
 * price changed (PUT /api/packages/{id}, the package as shown with its new amount).
 */
export function PackagePrices({ packages }: { packages: Package[] }) {
  const headingId = useId();
  const status = useSaveStatus();
  const save = useSavePackage();
  // What the owner typed; a package not typed in shows its saved price.
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  if (packages.length === 0) return null;
  const amountOf = (p: Package) => amounts[p.id] ?? text(p.amount);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<number, string> = {};
    for (const p of packages) {
      const checked = packageInput.shape.amount.safeParse(amountOf(p));
      if (!checked.success) found[p.id] = checked.error.issues[0]?.message ?? 'Give a price.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changed = packages.filter((p) => Number(amountOf(p)) !== p.amount);
    status.attempt(
      async () => {
        for (const p of changed) {
          const { id, image: _image, ...shown } = p;
          await save.mutateAsync({ id, input: { ...shown, amount: amountOf(p) } });
        }
        return changed.length === 0 ? 'Saved: no price changed.' : 'Saved the package prices.';
      },
      (err) => failureMessage('The package prices could not be saved.', err),
    );
  }

  return (
    <form aria-labelledby={headingId} noValidate onSubmit={onSubmit} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-brand-950">
        Package prices
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.map((p) => (
          <li key={p.id}>
            <MoneyField
              label={`${p.title} ($)`}
              value={amountOf(p)}
              error={errors[p.id]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setAmounts((a) => ({ ...a, [p.id]: value }));
              }}
            />
          </li>
        ))}
      </ul>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save package prices'}
      </Button>
      <SaveStatus state={status} />
    </form>
  );
}
