import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Pricing, type ResponsiveImage, toWallTime, type Visit } from '@clean/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import {
  galleryPhotos,
  inquiries,
  packages,
  photoVariants,
  recurringPaidDates,
  reviews,
} from '../../src/db/schema';
import { injectAnonymous, injectAs, memoryMailer, openTestDatabase } from '../support/harness';
import { logCapture } from '../support/log-capture';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const config = () => ({
  ...loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clean-start-')), DEMO_CONTENT: '1' }),
  webDist: '/nonexistent',
});

it('first start creates admin with a random password printed once, and loads demo content once', async () => {
  const first = logCapture('warn');
  const app = await buildApp(config(), { database, mailer: memoryMailer().mailer, logger: first.logger });
  const line = first.lines.find((l) => l.includes('printed only this once'));
  const password = /once: (\S+?)"/.exec(line ?? '')?.[1];
  expect(password).toMatch(/^[\w-]{16}$/);
  const signin = await injectAnonymous(app)('POST', '/signin', { username: 'admin', password });
  expect(signin.statusCode).toBe(200);
  // The demo schedules have first visits: the Agenda of a new install shows the coming month's visits.
  const day = (days: number) =>
    toWallTime(new Date(Date.now() + days * 86_400_000).toISOString(), app.config.timezone);
  const coming = await injectAs(app, signin.json().token)(
    'GET',
    `/api/visits?from=${day(0).slice(0, 10)}&to=${day(31).slice(0, 10)}`,
  );
  expect(coming.statusCode).toBe(200);
  const recurring = coming.json<Visit[]>().filter((v) => v.kind === 'recurring');
  expect(new Set(recurring.map((v) => v.recurring_payment_id)).size).toBe(2);
  // Its paid dates are visits done and paid (one paid record each), not visits still to do beside their record.
  const past = await injectAs(app, signin.json().token)(
    'GET',
    `/api/visits?from=${day(-20).slice(0, 10)}&to=${day(-1).slice(0, 10)}`,
  );
  const done = past.json<Visit[]>().filter((v) => v.kind === 'recurring');
  expect(done.map((v) => [v.status, v.paid, v.recurring_paid_id !== null])).toEqual([
    ['done', true, true],
    ['done', true, true],
  ]);
  // Its pictures are uploaded photos, as the pipeline leaves them: links to /media/…, every encoding stored and
  // served, and each photo offered as <picture> sources (AVIF, WebP) beside the JPEG.
  const gallery = (await injectAnonymous(app)('GET', '/api/gallery?limit=50')).json<
    Array<{ image_url: string; image?: ResponsiveImage }>
  >();
  const pkgs = (await injectAnonymous(app)('GET', '/api/packages')).json<
    Array<{ image_url: string; image?: ResponsiveImage }>
  >();
  const links = [
    ...gallery,
    ...pkgs,
    ...(await database.db.select({ image_url: reviews.photoUrl }).from(reviews)).filter((r) => r.image_url),
  ];
  expect(links.length).toBeGreaterThan(16);
  for (const { image_url } of links) expect(image_url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
  for (const { image } of [...gallery, ...pkgs]) {
    expect(image).toMatchObject({ width: 800, widths: [320, 640, 800] });
  }
  const variants = await database.db.select().from(photoVariants);
  expect(new Set(variants.map((v) => v.original))).toEqual(
    new Set(links.map((l) => /([0-9a-f]{64})/.exec(l.image_url ?? '')?.[1])),
  );
  for (const variant of variants.slice(0, 6)) {
    const ext = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' }[variant.contentType];
    const served = await injectAnonymous(app)('GET', `/media/${variant.hash}.${ext}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(variant.contentType);
    expect(served.rawPayload.length).toBe(variant.bytes.length);
    // And at the name the pages use: the photo, its width, its format.
    const named = await injectAnonymous(app)('GET', `/media/${variant.original}-${variant.width}.${ext}`);
    expect(named.statusCode).toBe(200);
    expect(named.rawPayload.equals(Buffer.from(variant.bytes))).toBe(true);
  }
  // The demo ships a price table for every demo package: a new install quotes at once.
  const pricing = (await injectAnonymous(app)('GET', '/api/pricing')).json<Pricing>();
  expect(pricing.packages).toHaveLength(await database.db.$count(packages));
  expect(pricing.extras.map((e) => e.key)).toContain('inside-fridge');
  const estimate = await injectAnonymous(app)(
    'GET',
    `/api/quote?package_id=${pricing.packages[0]?.package_id}&bedrooms=3&bathrooms=2&extras=inside-oven&frequency=weekly`,
  );
  expect(estimate.statusCode, estimate.body).toBe(200);
  expect(estimate.json().amount).toBeGreaterThanOrEqual(pricing.minimum);
  // Its requests say where they came from: the hub's lead-source chart is not empty on a new install.
  const sources = await injectAs(app, signin.json().token)('GET', '/api/summary/lead_sources');
  expect(sources.json().sources.find((s: { source: string }) => s.source === 'google')).toMatchObject({
    requests: 2,
    booked: 2,
  });
  await app.close();

  const counts = async () => ({
    packages: await database.db.$count(packages),
    photos: await database.db.$count(galleryPhotos),
    reviews: await database.db.$count(reviews),
    inquiries: await database.db.$count(inquiries),
    paidDates: await database.db.$count(recurringPaidDates),
    variants: await database.db.$count(photoVariants),
  });
  const afterFirst = await counts();
  expect(afterFirst.packages).toBeGreaterThanOrEqual(3);
  expect(afterFirst.photos).toBeGreaterThan(12);
  expect(afterFirst.reviews).toBeGreaterThan(0);
  expect(afterFirst.inquiries).toBeGreaterThan(0);
  expect(afterFirst.paidDates).toBeGreaterThan(0);

  const second = logCapture('warn');
  const again = await buildApp(config(), { database, mailer: memoryMailer().mailer, logger: second.logger });
  await again.close();
  expect(second.lines.join('')).not.toContain('printed only this once');
  expect(await counts()).toEqual(afterFirst);
});
