import {
  type Package,
  type Pricing,
  type PricingInput,
  pricingSchema,
  QUOTE_FREQUENCIES,
  type QuoteFrequency,
} from '@clean/shared';

/** One extra as typed. `id` keeps React's rows apart; `saved`: read from the saved table, so its key stays when it is renamed. */
export type ExtraDraft = {
  id: string;
  name: string;
  key: string;
  amount: string;
  minutes: string;
  saved: boolean;
};

/** The price table as the form holds it: every value a string, as the inputs give them. */
export type PricingDraft = {
  /** Per package id: its base minutes; '' means the package is not priced online. */
  baseMinutes: Record<number, string>;
  bedroomAmount: string;
  bedroomMinutes: string;
  bathroomAmount: string;
  bathroomMinutes: string;
  extras: ExtraDraft[];
  discounts: Record<QuoteFrequency, string>;
  minimum: string;
};

let nextId = 0;
export const newExtraId = () => `extra-${++nextId}`;

const text = (n: number) => String(n);

/** The form's starting point: the table in force, or an empty one (nothing saved yet). */
export function draftOf(pricing: Pricing | null, packages: readonly Package[]): PricingDraft {
  const base = new Map(pricing?.packages.map((p) => [p.package_id, p.base_minutes]));
  return {
    baseMinutes: Object.fromEntries(
      packages.map((p) => [p.id, base.has(p.id) ? text(base.get(p.id) ?? 0) : '']),
    ),
    bedroomAmount: pricing ? text(pricing.per_bedroom.amount) : '',
    bedroomMinutes: pricing ? text(pricing.per_bedroom.minutes) : '',
    bathroomAmount: pricing ? text(pricing.per_bathroom.amount) : '',
    bathroomMinutes: pricing ? text(pricing.per_bathroom.minutes) : '',
    extras: (pricing?.extras ?? []).map((e) => ({
      id: newExtraId(),
      name: e.name,
      key: e.key,
      amount: text(e.amount),
      minutes: text(e.minutes),
      // A saved key is what past requests name: renaming the extra keeps it.
      saved: true,
    })),
    discounts: Object.fromEntries(
      QUOTE_FREQUENCIES.map((f) => [f, pricing ? text(pricing.frequency_discounts[f]) : '0']),
    ) as Record<QuoteFrequency, string>,
    minimum: pricing ? text(pricing.minimum) : '',
  };
}

/** "Inside the fridge!" → "inside-the-fridge": what the shared schema's key accepts (a–z, 0–9, -, ≤ 40). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** The key the name suggests, made unique among the other extras' keys (`fridge`, `fridge-2`, …). */
export function suggestKey(name: string, otherKeys: readonly string[]): string {
  const slug = slugOf(name);
  if (slug === '' || !otherKeys.includes(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${slug.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!otherKeys.includes(candidate)) return candidate;
  }
}

/** A typed number, or undefined for an empty field (the schema then says the field is needed). */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The document PUT /api/pricing takes, built from the form (the schema checks it). */
export function documentOf(draft: PricingDraft, packages: readonly Package[]): PricingInput {
  return {
    packages: packages
      .filter((p) => (draft.baseMinutes[p.id] ?? '').trim() !== '')
      .map((p) => ({ package_id: p.id, base_minutes: numberOf(draft.baseMinutes[p.id] ?? '') as number })),
    per_bedroom: { amount: draft.bedroomAmount.trim(), minutes: numberOf(draft.bedroomMinutes) as number },
    per_bathroom: { amount: draft.bathroomAmount.trim(), minutes: numberOf(draft.bathroomMinutes) as number },
    extras: draft.extras.map((e) => ({
      key: e.key.trim(),
      name: e.name,
      amount: e.amount.trim(),
      minutes: numberOf(e.minutes) as number,
    })),
    frequency_discounts: Object.fromEntries(
      QUOTE_FREQUENCIES.map((f) => [f, numberOf(draft.discounts[f]) as number]),
    ) as PricingInput['frequency_discounts'],
    minimum: draft.minimum.trim(),
  };
}

/** Where a problem shows: a field's name in the form (see `fieldNames`), or `form` for the table as a whole. */
export type PricingErrors = Record<string, string>;

export type Checked = { ok: true; pricing: Pricing } | { ok: false; errors: PricingErrors };

/**
 * The draft checked with the server's own schema. Each problem is keyed by the field it belongs to:
 * `base:<package id>`, `per_bedroom.amount`, `extras.<row id>.name`, `frequency_discounts.weekly`, `minimum`;
 * a rule about the whole extras list (unique keys, at most 50) under `extras`.
 */
export function checkDraft(draft: PricingDraft, packages: readonly Package[]): Checked {
  const doc = documentOf(draft, packages);
  const result = pricingSchema.safeParse(doc);
  if (result.success) return { ok: true, pricing: result.data };
  const errors: PricingErrors = {};
  for (const issue of result.error.issues) {
    const [head, index, field] = issue.path;
    let name: string;
    if (head === 'packages' && typeof index === 'number') name = `base:${doc.packages[index]?.package_id}`;
    else if (head === 'extras' && typeof index === 'number' && field !== undefined)
      name = `extras.${draft.extras[index]?.id}.${String(field)}`;
    else if (head === 'extras' && typeof index === 'number') name = `extras.${draft.extras[index]?.id}.name`;
    else name = issue.path.map(String).join('.') || 'form';
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}
