import { applyDiscount, DISCOUNTS } from '@clean/shared';
import { Button } from './Button';

/**
 * '10% Off', '15% Off', '30% Off' (docs/product.md#constants): each replaces the amount with amount × factor, fixed
 * at 2 decimals; an empty amount gives 0.00.
 */
export function DiscountButtons({
  getAmount,
  onApply,
  label = 'Discounts',
}: {
  getAmount: () => string | number | null | undefined;
  onApply: (discounted: string) => void;
  label?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {DISCOUNTS.map(({ label: text, factor }) => (
        <Button
          key={text}
          variant="secondary"
          className="px-4 py-2"
          onClick={() => onApply(applyDiscount(getAmount(), factor))}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
