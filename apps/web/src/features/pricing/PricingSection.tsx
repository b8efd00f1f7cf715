import { useId } from 'react';
import { failureMessage } from '../../lib/failure';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { useSaveStatus } from '../../lib/useSaveStatus';
import { usePackages } from '../packages/api';
import { usePricing } from './api';
import { PackagePrices } from './PackagePrices';
import { PricingForm } from './PricingForm';
import { card } from './ui';

/**
 * Pricing (hub): the price table the booking form quotes from — each package's base length, the price and minutes
 * of each bedroom and bathroom past the first, the extras, the discounts per frequency and the minimum — beside an
 * example quote worked out by the same function the form and the server use, as the owner types.
 */
export function PricingSection() {
  const headingId = useId();
  const status = useSaveStatus();
  const pricing = usePricing();
  const packages = usePackages();
  const failed = pricing.isError || packages.isError;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          Pricing
        </h2>
        <p className="text-stone-700">
          What the booking form quotes. A package’s own price covers one bedroom and one bathroom.
        </p>
      </div>
      {failed && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{failureMessage('Failed to load the price table.', pricing.error ?? packages.error)}</span>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => Promise.all([pricing.refetch(), packages.refetch()])}
          >
            Try again
          </Button>
        </Alert>
      )}
      {!failed && (pricing.isPending || packages.isPending) && (
        <p role="status" className="text-stone-600">
          Loading the price table...
        </p>
      )}
      {pricing.isSuccess && packages.isSuccess && (
        // Keyed by the saved table: a save (or another device's, on refetch) starts the draft afresh.
        <PricingForm
          key={JSON.stringify([pricing.data, packages.data.map((p) => p.id)])}
          saved={pricing.data}
          packages={packages.data}
          headingId={headingId}
          status={status}
        />
      )}
      <SaveStatus state={status} />
      {packages.isSuccess && (
        <div className={card}>
          <PackagePrices packages={packages.data} />
        </div>
      )}
    </section>
  );
}
