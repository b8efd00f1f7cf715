import {
  MAX_ROOMS,
  type Pricing,
  QUOTE_FREQUENCIES,
  type Quote,
  type QuoteFrequency,
  type QuotePackage,
  quote,
  quoteInput,
  withTax,
} from '@clean/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerSettings, packages } from '../../src/db/schema';
import { EMPTY_PRICING } from '../../src/features/pricing/store';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

const t = useTestApp();

/** The tax every price carries before the owner changes the billing settings. */
const TAX = { tax_rate_percent: 6.35, tax_label: 'CT sales tax', prices_include_tax: false };

const image = '/demo/pkg-deep.svg';
let ids: number[] = [];

async function addPackage(title: string, amount: number) {
  const res = await t.asAdmin('POST', '/api/packages', { title, amount, image_url: image, description: '' });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  ids = [await addPackage('Standard Clean', 150), await addPackage('Deep Clean', 260)];
});

const table = (): Pricing => ({
  packages: [
    { package_id: ids[0] as number, base_minutes: 120 },
    { package_id: ids[1] as number, base_minutes: 240 },
  ],
  per_bedroom: { amount: 20, minutes: 30 },
  per_bathroom: { amount: 15, minutes: 20 },
  extras: [
    { key: 'inside-fridge', name: 'Inside the fridge', amount: 30, minutes: 30 },
    { key: 'inside-oven', name: 'Inside the oven', amount: 35, minutes: 30 },
  ],
  frequency_discounts: { one_time: 0, weekly: 15, every_2_weeks: 10, every_4_weeks: 5 },
  minimum: 90,
});

const stored = async () =>
  (await t.db.select().from(ownerSettings).where(eq(ownerSettings.key, 'pricing')))[0]?.value ?? null;

describe('GET /api/pricing and PUT /api/pricing', () => {
  it('answers a table with no packages before the owner sets one: nothing can be priced', async () => {
    const res = await t.anonymous('GET', '/api/pricing');
    expect(res.statusCode).toBe(200);
    // The table of the store's default: what it holds is shown by the quote refused below.
    expect(res.json()).toEqual({ ...EMPTY_PRICING, tax: TAX });
    const q = await t.anonymous('GET', `/api/quote?package_id=${ids[0]}&bedrooms=1&bathrooms=1`);
    expect(q.statusCode).toBe(400);
    expect(q.json().error).toMatch(/cannot be priced online/);
  });

  it.each(NOT_ADMIN)('refuses a PUT with %s, changing nothing', async (_name, token) => {
    await expectRefused(stored, { status: 401 }, () => t.injectAs(token(t))('PUT', '/api/pricing', table()));
  });

  it('stores the whole document and answers it; the public read changes at once (cache emptied)', async () => {
    const before = await t.anonymous('GET', '/api/pricing');
    const put = await t.asAdmin('PUT', '/api/pricing', table());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(table());
    const after = await t.anonymous('GET', '/api/pricing');
    expect(after.json()).toEqual({ ...table(), tax: TAX });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A second read is the cached answer: same ETag, and a 304 to a client that has it.
    const again = await t.anonymous('GET', '/api/pricing', undefined, {
      headers: { 'if-none-match': String(after.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(await stored()).toEqual(table());
  });

  it('refuses a table naming a package that does not exist, a 400 that changes nothing', async () => {
    await t.asAdmin('PUT', '/api/pricing', table());
    const bad = { ...table(), packages: [...table().packages, { package_id: 999_999, base_minutes: 60 }] };
    await expectRefused(stored, { status: 400, error: /no package with id 999999/ }, () =>
      t.asAdmin('PUT', '/api/pricing', bad),
    );
    expect((await t.anonymous('GET', '/api/pricing')).json()).toEqual({ ...table(), tax: TAX });
  });

  it.each([
    ['a negative amount', { per_bedroom: { amount: -1, minutes: 30 } }, /Per bedroom amount/],
    ['3 decimals', { minimum: 90.125 }, /Minimum/],
    [
      'a discount over 90%',
      { frequency_discounts: { one_time: 0, weekly: 95, every_2_weeks: 0, every_4_weeks: 0 } },
      /Weekly discount/,
    ],
    [
      'two extras with one key',
      {
        extras: [
          { key: 'oven', name: 'Oven', amount: 1, minutes: 1 },
          { key: 'oven', name: 'Oven again', amount: 1, minutes: 1 },
        ],
      },
      /unique/,
    ],
    [
      'a name over 60 characters',
      { extras: [{ key: 'x', name: 'n'.repeat(61), amount: 1, minutes: 1 }] },
      /60/,
    ],
    [
      'a key that is not a slug',
      { extras: [{ key: 'Big Oven', name: 'Oven', amount: 1, minutes: 1 }] },
      /slug/,
    ],
    ['a field it does not know', { surcharge: 5 }, /surcharge|Unrecognized/i],
    [
      'the same package twice',
      {
        packages: [
          { package_id: 1, base_minutes: 60 },
          { package_id: 1, base_minutes: 90 },
        ],
      },
      /once/,
    ],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_name, change, error) => {
    await t.asAdmin('PUT', '/api/pricing', table());
    await expectRefused(stored, { status: 400, error }, () =>
      t.asAdmin('PUT', '/api/pricing', { ...table(), ...change }),
    );
  });

  it('leaves out the row of a package deleted since: it prices nothing', async () => {
    const gone = await addPackage('Short-lived', 99);
    const withGone = { ...table(), packages: [...table().packages, { package_id: gone, base_minutes: 60 }] };
    expect((await t.asAdmin('PUT', '/api/pricing', withGone)).statusCode).toBe(200);
    expect(
      (await t.anonymous('GET', `/api/quote?package_id=${gone}&bedrooms=1&bathrooms=1`)).statusCode,
    ).toBe(200);
    expect((await t.asAdmin('DELETE', `/api/packages/${gone}`)).statusCode).toBe(200);
    expect((await t.anonymous('GET', '/api/pricing')).json()).toEqual({ ...table(), tax: TAX });
    const q = await t.anonymous('GET', `/api/quote?package_id=${gone}&bedrooms=1&bathrooms=1`);
    expect(q.statusCode).toBe(400);
    await t.asAdmin('PUT', '/api/pricing', table());
  });
});

/** A quote's answer with its lines as table rows: [label, amount, minutes]. */
const withRows = ({
  lines,
  ...rest
}: {
  lines: Array<{ label: string; amount: number; minutes: number }>;
}) => ({
  ...rest,
  lines: lines.map(({ label, amount, minutes }) => [label, amount, minutes]),
});

describe('GET /api/quote', () => {
  beforeAll(async () => {
    expect((await t.asAdmin('PUT', '/api/pricing', table())).statusCode).toBe(200);
  });

  it('answers amount, length and lines; 3 bedrooms, 2 bathrooms, two extras, every 2 weeks', async () => {
    const res = await t.anonymous(
      'GET',
      `/api/quote?package_id=${ids[0]}&bedrooms=3&bathrooms=2&extras=inside-fridge&extras=inside-oven&frequency=every_2_weeks`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // 150 + 2×20 + 15 + 30 + 35 = 270, less 10% = 243; 120 + 60 + 20 + 30 + 30 = 260 minutes.
    expect(withRows(res.json())).toEqual({
      amount: 243,
      duration_minutes: 260,
      lines: [
        ['Standard Clean', 150, 120],
        ['2 more bedrooms', 40, 60],
        ['1 more bathroom', 15, 20],
        ['Inside the fridge', 30, 30],
        ['Inside the oven', 35, 30],
        ['Every 2 weeks discount (10%)', -27, 0],
      ],
      ...TAX,
      // 243 × 6.35 % = 15.4305, half up to the cent.
      tax: 15.43,
      total: 258.43,
    });
  });

  it('defaults to one time with no extras, and 0 rooms count as 1', async () => {
    const res = await t.anonymous('GET', `/api/quote?package_id=${ids[0]}&bedrooms=0&bathrooms=0`);
    expect(res.json()).toMatchObject({ amount: 150, duration_minutes: 120 });
  });

  it('raises a small visit to the minimum', async () => {
    await t.asAdmin('PUT', '/api/pricing', { ...table(), minimum: 200 });
    const res = await t.anonymous('GET', `/api/quote?package_id=${ids[0]}&bedrooms=1&bathrooms=1`);
    expect(withRows(res.json())).toEqual({
      amount: 200,
      duration_minutes: 120,
      lines: [
        ['Standard Clean', 150, 120],
        ['Minimum visit price', 50, 0],
      ],
      ...TAX,
      tax: 12.7,
      total: 212.7,
    });
    await t.asAdmin('PUT', '/api/pricing', table());
  });

  it.each([
    ['an unknown package', 'package_id=999999&bedrooms=1&bathrooms=1', /cannot be priced online/],
    ['an unknown extra', 'package_id=ID&bedrooms=1&bathrooms=1&extras=sauna', /Unknown extra: sauna/],
    ['an extra key that is no slug', 'package_id=ID&bedrooms=1&bathrooms=1&extras=%3Cb%3E', /slug/],
    ['21 bedrooms', 'package_id=ID&bedrooms=21&bathrooms=1', /Bedrooms must be at most 20/],
    ['a negative bathroom count', 'package_id=ID&bedrooms=1&bathrooms=-1', /Bathrooms cannot be negative/],
    ['half a bedroom', 'package_id=ID&bedrooms=1.5&bathrooms=1', /Bedrooms must be a whole number/],
    [
      'an unknown frequency',
      'package_id=ID&bedrooms=1&bathrooms=1&frequency=daily',
      /frequency must be one of/,
    ],
    ['no package', 'bedrooms=1&bathrooms=1', /package_id/],
  ])('answers 400 {error} to %s', async (_name, query, error) => {
    const res = await t.anonymous('GET', `/api/quote?${query.replace('ID', String(ids[0]))}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(error);
  });
});

/** The amount from scratch, in integer cents (BigInt: no float anywhere), as the issue defines it. */
function expectedCents(pricing: Pricing, pkgs: QuotePackage[], input: Input): number {
  const c = (dollars: number) => BigInt(Math.round(dollars * 100));
  const pkg = pkgs.find((p) => p.id === input.package_id) as QuotePackage;
  let subtotal = c(pkg.amount);
  subtotal += BigInt(Math.max(input.bedrooms, 1) - 1) * c(pricing.per_bedroom.amount);
  subtotal += BigInt(Math.max(input.bathrooms, 1) - 1) * c(pricing.per_bathroom.amount);
  for (const key of new Set(input.extras))
    subtotal += c(pricing.extras.find((e) => e.key === key)?.amount ?? 0);
  const basis = c(pricing.frequency_discounts[input.frequency]); // percent × 100
  const scaled = subtotal * (10_000n - basis);
  const discounted = (scaled + 5_000n) / 10_000n; // half up (non-negative)
  const minimum = c(pricing.minimum);
  return Number(discounted > minimum ? discounted : minimum);
}

function expectedMinutes(pricing: Pricing, input: Input): number {
  const base = pricing.packages.find((p) => p.package_id === input.package_id)?.base_minutes ?? 0;
  const extras = [...new Set(input.extras)].reduce(
    (sum, key) => sum + (pricing.extras.find((e) => e.key === key)?.minutes ?? 0),
    0,
  );
  return (
    base +
    (Math.max(input.bedrooms, 1) - 1) * pricing.per_bedroom.minutes +
    (Math.max(input.bathrooms, 1) - 1) * pricing.per_bathroom.minutes +
    extras
  );
}

type Input = {
  package_id: number;
  bedrooms: number;
  bathrooms: number;
  extras: string[];
  frequency: QuoteFrequency;
};

const KEY_POOL = ['fridge', 'oven', 'windows', 'cabinets', 'laundry', 'garage', 'balcony', 'walls', 'blinds'];
const centsArb = (max: number) => fc.integer({ min: 0, max }).map((c) => c / 100);
const minutesArb = fc.integer({ min: 0, max: 720 });

/** A random table over the packages (some left unpriced), with random rates, extras and discounts. */
const tableArb = (packageIds: number[]) =>
  fc.record({
    packages: fc
      .subarray(packageIds, { minLength: 1 })
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map((id) =>
            fc.integer({ min: 15, max: 720 }).map((m) => ({ package_id: id, base_minutes: m })),
          ),
        ),
      ),
    per_bedroom: fc.record({ amount: centsArb(50_000), minutes: minutesArb }),
    per_bathroom: fc.record({ amount: centsArb(50_000), minutes: minutesArb }),
    extras: fc.subarray(KEY_POOL).chain((keys) =>
      fc.tuple(
        ...keys.map((key) =>
          fc.record({
            key: fc.constant(key),
            name: fc.constant(`Extra ${key}`),
            amount: centsArb(100_000),
            minutes: minutesArb,
          }),
        ),
      ),
    ),
    frequency_discounts: fc.record({
      one_time: centsArb(9_000),
      weekly: centsArb(9_000),
      every_2_weeks: centsArb(9_000),
      every_4_weeks: centsArb(9_000),
    }),
    minimum: centsArb(200_000),
  });

/** Random choices: mostly priceable, sometimes an unpriced package or an unknown extra (both 400s). */
const inputArb = (packageIds: number[], pricing: Pricing) =>
  fc
    .record({
      package_id: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...pricing.packages.map((p) => p.package_id)) },
        { weight: 1, arbitrary: fc.constantFrom(...packageIds) },
      ),
      bedrooms: fc.integer({ min: 0, max: MAX_ROOMS }),
      bathrooms: fc.integer({ min: 0, max: MAX_ROOMS }),
      extras: fc.array(
        fc.oneof(
          { weight: 19, arbitrary: fc.constantFrom('', ...pricing.extras.map((e) => e.key)) },
          { weight: 1, arbitrary: fc.constantFrom(...KEY_POOL) },
        ),
        { maxLength: 6 },
      ),
      frequency: fc.constantFrom(...QUOTE_FREQUENCIES),
    })
    .map((i) => ({ ...i, extras: i.extras.filter(Boolean) }));

const queryOf = (i: Input) =>
  new URLSearchParams([
    ['package_id', String(i.package_id)],
    ['bedrooms', String(i.bedrooms)],
    ['bathrooms', String(i.bathrooms)],
    ...i.extras.map((e) => ['extras', e]),
    ['frequency', i.frequency],
  ]).toString();

describe('GET /api/quote against the shared quote(): a property test', () => {
  const TABLES = 50;
  const INPUTS_PER_TABLE = 200;

  it(`gives the shared function's answer for ${TABLES * INPUTS_PER_TABLE} random inputs over ${TABLES} random tables, exact to the cent`, async () => {
    const packageIds = [...ids, await addPackage('Office', 180), await addPackage('Move-out', 320)];
    let compared = 0;
    let priced = 0;
    const tables = fc.sample(tableArb(packageIds), { numRuns: TABLES, seed: 29 });
    for (const [n, pricing] of tables.entries()) {
      // Random package prices too (to the cent), through the API as the owner sets them.
      for (const [k, id] of packageIds.entries()) {
        const amount = ((n * 7919 + k * 104_729) % 500_000) / 100;
        const res = await t.asAdmin('PUT', `/api/packages/${id}`, {
          title: `Package ${k}`,
          amount,
          image_url: image,
          description: '',
        });
        expect(res.statusCode).toBe(200);
      }
      expect((await t.asAdmin('PUT', '/api/pricing', pricing)).statusCode).toBe(200);
      const pkgs = (await t.db.select().from(packages)).map((p) => ({
        id: p.id,
        title: p.title,
        amount: p.amount,
      }));
      const inputs = fc.sample(inputArb(packageIds, pricing), { numRuns: INPUTS_PER_TABLE, seed: n });
      for (const input of inputs) {
        const res = await t.anonymous('GET', `/api/quote?${queryOf(input)}`);
        const shared = quote(pricing, pkgs, quoteInput.parse(input));
        compared += 1;
        if (!shared.ok) {
          expect(res.statusCode, queryOf(input)).toBe(400);
          expect(res.json()).toEqual({ error: shared.error });
          continue;
        }
        priced += 1;
        expect(res.statusCode, `${queryOf(input)} ${res.body}`).toBe(200);
        const answer = res.json<Quote>();
        expect(answer).toEqual(withTax(shared.quote, TAX));
        // Exact to the cent: the JSON text has at most 2 decimals, and the cents match an integer recomputation.
        // (amount × 100 itself need not be an integer in binary floating point: 0.29 × 100 = 28.999999999999996.)
        expect(/"amount":(\d+(\.\d{1,2})?),"duration_minutes"/.exec(res.body)?.[1]).toBe(
          String(answer.amount),
        );
        const cents = Math.round(answer.amount * 100);
        expect(cents / 100).toBe(answer.amount);
        expect(cents).toBe(expectedCents(pricing, pkgs, quoteInput.parse(input)));
        expect(answer.duration_minutes).toBe(expectedMinutes(pricing, quoteInput.parse(input)));
        const lineCents = answer.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
        expect(lineCents).toBe(cents);
      }
    }
    expect(compared).toBe(TABLES * INPUTS_PER_TABLE);
    // Most inputs were priced (the 400 cases are a minority, but present).
    expect(priced).toBeGreaterThan(compared / 2);
    expect(priced).toBeLessThan(compared);
  }, 180_000);
});

describe('the tax on the estimate follows the billing settings', () => {
  it('adds the tax, or shows it inside the price, at once after a change (the public cache is emptied)', async () => {
    const id = await addPackage('Taxed', 150);
    const priced = { ...table(), packages: [{ package_id: id, base_minutes: 120 }] };
    expect((await t.asAdmin('PUT', '/api/pricing', priced)).statusCode).toBe(200);
    const url = `/api/quote?package_id=${id}&bedrooms=1&bathrooms=1`;
    expect((await t.anonymous('GET', url)).json()).toMatchObject({ amount: 150, tax: 9.53, total: 159.53 });
    const billing = (await t.asAdmin('GET', '/api/billing')).json();
    const put = await t.asAdmin('PUT', '/api/billing', {
      ...billing,
      tax_rate_percent: 6.35,
      prices_include_tax: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    // 150 including 6.35 %: 150 × 6.35 / 106.35 = 8.956…, half up 8.96.
    expect((await t.anonymous('GET', url)).json()).toMatchObject({
      amount: 150,
      tax: 8.96,
      total: 150,
      prices_include_tax: true,
    });
    expect((await t.anonymous('GET', '/api/pricing')).json().tax).toEqual({
      ...TAX,
      prices_include_tax: true,
    });
    await t.asAdmin('PUT', '/api/billing', billing);
  });
});
