import { describe, expect, it } from 'vitest';
import {
  galleryPhotos,
  inquiries,
  oneTimeCleanings,
  packages,
  photoVariants,
  recurringPayments,
  reviews,
} from '../../src/db/schema';
import { addPackage, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/** The demo content a first start loads, and the owner's one tap that removes it (features/demo-content). */
describe('demo content', () => {
  const t = useTestApp({ demoContent: true });
  const count = async () => ({
    packages: await t.db.$count(packages),
    gallery: await t.db.$count(galleryPhotos),
    reviews: await t.db.$count(reviews),
    inquiries: await t.db.$count(inquiries),
    cleanings: await t.db.$count(oneTimeCleanings),
    schedules: await t.db.$count(recurringPayments),
    encodings: await t.db.$count(photoVariants),
  });

  it('is only for the owner', async () => {
    expect((await t.anonymous('GET', '/api/demo-content')).statusCode).toBe(401);
    expect((await t.anonymous('DELETE', '/api/demo-content')).statusCode).toBe(401);
    expect((await t.injectAs(t.forged)('DELETE', '/api/demo-content')).statusCode).toBe(401);
    expect((await t.db.$count(packages)) > 0).toBe(true);
  });

  it('removes every demo record in one tap and keeps what the owner made', async () => {
    expect((await t.asAdmin('GET', '/api/demo-content')).json()).toEqual({ present: true });
    const demo = await count();
    for (const n of Object.values(demo)) expect(n).toBeGreaterThan(0);
    // The owner's own records, made before the tap.
    const own = (await addPackage(t, 'Our real package')).json<{ id: number }>().id;
    const customer = await records(t).inquiry('A real customer');
    await records(t).cleaning(customer);

    const removed = await t.asAdmin('DELETE', '/api/demo-content');
    expect(removed.statusCode).toBe(204);
    expect(await count()).toEqual({
      packages: 1,
      gallery: 0,
      reviews: 0,
      inquiries: 1,
      cleanings: 1,
      schedules: 0,
      encodings: 0,
    });
    expect((await t.db.select({ id: packages.id }).from(packages))[0]?.id).toBe(own);
    expect((await t.asAdmin('GET', '/api/demo-content')).json()).toEqual({ present: false });
    // The public pages follow at once: no demo package, photo or review is served.
    expect((await t.anonymous('GET', '/api/packages')).json()).toHaveLength(1);
    expect((await t.anonymous('GET', '/api/gallery')).json()).toEqual([]);
    // The price table no longer lists a package that is gone.
    const pricing = (await t.asAdmin('GET', '/api/pricing')).json<{
      packages: Array<{ package_id: number }>;
    }>();
    expect(pricing.packages.every((p) => p.package_id === own)).toBe(true);
  });

  it('a second tap finds nothing to remove: 404 with a sentence, nothing changed', async () => {
    const before = await count();
    const again = await t.asAdmin('DELETE', '/api/demo-content');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'There is no demo content to remove.' });
    expect(await count()).toEqual(before);
  });
});

describe('demo content, two taps at once', () => {
  const t = useTestApp({ demoContent: true });

  it('one removes it, the other finds it gone', async () => {
    const answers = await Promise.all([
      t.asAdmin('DELETE', '/api/demo-content'),
      t.asAdmin('DELETE', '/api/demo-content'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect(await t.db.$count(inquiries)).toBe(0);
  });
});

describe('without demo content', () => {
  const t = useTestApp();

  it('says there is none', async () => {
    expect((await t.asAdmin('GET', '/api/demo-content')).json()).toEqual({ present: false });
    expect((await t.asAdmin('DELETE', '/api/demo-content')).statusCode).toBe(404);
  });
});
