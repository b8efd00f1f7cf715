import { toInstant, toWallTime } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from './client';
import {
  galleryPhotos,
  inquiries,
  oneTimeCleanings,
  packages,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
  reviews,
} from './schema';

const DAY = 24 * 60 * 60 * 1000;

/** Loads demo content into an empty database (no packages and no inquiries yet). Images ship with the web app. */
export async function loadDemoContent(db: Db, config: Pick<Config, 'publicUrl' | 'timezone'>) {
  if ((await db.$count(packages)) + (await db.$count(inquiries)) > 0) return false;
  /** `hour` o'clock, business time, `days` from today. */
  const daysFromNow = (days: number, hour = 10) => {
    const day = toWallTime(new Date(Date.now() + days * DAY).toISOString(), config.timezone).slice(0, 10);
    return toInstant(`${day}T${String(hour).padStart(2, '0')}:00`, config.timezone);
  };
  // Site-relative: the same rows work on localhost, 127.0.0.1, a LAN address and the real domain (and image
  // links must be https: or this site's own paths).
  const img = (name: string) => `/demo/${name}.svg`;

  await db.transaction(async (tx) => {
    await tx.insert(packages).values([
      {
        title: 'Standard Home Clean',
        amount: 140,
        imageUrl: img('pkg-standard'),
        description:
          'Kitchen, bathrooms, dusting, vacuuming and mopping throughout — with plant-based products.',
      },
      {
        title: 'Deep Clean',
        amount: 260,
        imageUrl: img('pkg-deep'),
        description:
          'Everything in the standard clean plus baseboards, inside appliances, cabinet fronts and grout scrubbing.',
      },
      {
        title: 'Office Refresh',
        amount: 180,
        imageUrl: img('pkg-office'),
        description:
          'Desks, shared kitchens, restrooms and floors for small offices, after hours if you prefer.',
      },
      {
        title: 'Moving-Day Clean',
        amount: 320,
        imageUrl: img('pkg-moving'),
        description: 'Move-in or move-out top-to-bottom clean so you get your deposit back or start fresh.',
      },
    ]);

    const photo = (name: string, caption: string | null, category: string, photoType: string | null) => ({
      imageUrl: img(name),
      caption,
      category,
      photoType,
    });
    await tx
      .insert(galleryPhotos)
      .values([
        photo('kitchen', 'Sparkling kitchen counters', 'Kitchen', 'After'),
        photo('bathroom', 'Fresh bathroom, no harsh fumes', 'Bathroom', 'After'),
        photo('carpet', 'Carpet refreshed', 'Carpets', 'After'),
        photo('before-after', 'Living room before and after', 'Before/After', 'Before/After'),
        photo('moving-day', 'Empty apartment, move-out ready', 'MovingDay', 'After'),
        photo('garage', 'Garage swept and organised', 'Garage', null),
        photo('tile-grout', 'Grout lines like new', 'Tile/Grout', 'After'),
        photo('office', 'Small office, end of week', 'Office', 'After'),
        photo('living-room', 'Cosy living room', 'Uncategorized', null),
        photo('windows', null, 'Uncategorized', null),
        photo('laundry', 'Laundry room wipe-down', 'Uncategorized', 'After'),
        photo('entryway', 'Welcoming entryway', 'Uncategorized', 'After'),
        photo('kitchen', 'Stovetop degreased', 'Kitchen', 'Before/After'),
        photo('bathroom', 'Shower glass without streaks', 'Bathroom', 'After'),
      ]);

    await tx.insert(reviews).values([
      {
        reviewerName: 'Maria G.',
        rating: 5,
        comment: 'They left our house spotless and it smelled fresh, not like chemicals. Highly recommend!',
        status: 'approved',
        createdAt: daysFromNow(-40),
      },
      {
        reviewerName: 'Tom R.',
        rating: 5,
        comment: 'Reliable every other week. Our dog loves them too.',
        status: 'approved',
        createdAt: daysFromNow(-30),
      },
      {
        reviewerName: 'Priya S.',
        rating: 4,
        comment: 'Great deep clean before our move. Very thorough with the oven.',
        photoUrl: img('moving-day'),
        status: 'approved',
        createdAt: daysFromNow(-21),
      },
      {
        reviewerName: 'Dan K.',
        rating: 5,
        comment: 'Our office has never looked better on Monday mornings.',
        photoUrl: img('office'),
        status: 'approved',
        createdAt: daysFromNow(-14),
      },
      {
        reviewerName: 'Linda P.',
        rating: 5,
        comment: 'Friendly, on time and careful with our antiques.',
        status: 'approved',
        createdAt: daysFromNow(-7),
      },
      {
        reviewerName: 'Chris M.',
        rating: 4,
        comment: 'Bathroom grout looks brand new.',
        photoUrl: img('tile-grout'),
        status: 'approved',
        createdAt: daysFromNow(-3),
      },
      {
        reviewerName: 'New Customer',
        rating: 5,
        comment: 'First visit went great, thank you!',
        status: 'pending',
        createdAt: daysFromNow(-1),
      },
      {
        reviewerName: 'Jess',
        rating: 3,
        comment: 'Good job overall, a little late arriving.',
        status: 'pending',
        createdAt: daysFromNow(0),
      },
    ]);

    const inq = await tx
      .insert(inquiries)
      .values([
        {
          name: 'Maria Gonzalez',
          email: 'maria@example.com',
          phoneNumber: '8605550101',
          callOrText: 'text',
          town: 'Bristol',
          description: 'Biweekly cleaning for a 3-bedroom house.',
          status: 'Booked',
          submittedAt: daysFromNow(-60),
        },
        {
          name: 'Tom Reilly',
          email: 'tom@example.com',
          phoneNumber: '8605550102',
          callOrText: 'call',
          town: 'Plainville',
          description: 'Monthly deep clean, one dog.',
          status: 'Booked',
          submittedAt: daysFromNow(-45),
        },
        {
          name: 'Priya Shah',
          email: 'priya@example.com',
          phoneNumber: '8605550103',
          callOrText: 'text',
          town: 'Farmington',
          description: 'Move-out clean for a 2-bedroom apartment.',
          status: 'Completed',
          submittedAt: daysFromNow(-25),
        },
        {
          name: 'Dan Kowalski',
          email: 'dan@example.com',
          phoneNumber: '8605550104',
          callOrText: 'call',
          town: 'Southington',
          description: 'Weekly office cleaning, 6 desks.',
          status: 'Contacted',
          submittedAt: daysFromNow(-10),
        },
        {
          name: 'Linda Park',
          email: 'linda@example.com',
          phoneNumber: null,
          callOrText: 'call',
          town: 'West Hartford',
          description: 'Spring cleaning, careful with antiques.',
          status: 'New Inquiry',
          submittedAt: daysFromNow(-2),
        },
        {
          name: 'Old Client Ann',
          email: 'ann@example.com',
          phoneNumber: '8605550106',
          callOrText: 'text',
          town: 'Wolcott',
          description: 'One-time clean last spring.',
          status: 'Completed',
          submittedAt: daysFromNow(-150),
        },
        {
          name: 'Old Client Bob',
          email: 'bob@example.com',
          phoneNumber: '8605550107',
          callOrText: 'call',
          town: 'Terryville',
          description: 'Garage clean-out.',
          status: 'Paused',
          submittedAt: daysFromNow(-120),
        },
      ])
      .returning({ id: inquiries.id });
    const id = (i: number) => inq[i]?.id ?? 0;

    await tx.insert(oneTimeCleanings).values([
      {
        inquiryId: id(2),
        dateTime: daysFromNow(-20, 9),
        amount: 320,
        paid: true,
        notes: 'Move-out, keys under mat.',
      },
      {
        inquiryId: id(4),
        dateTime: daysFromNow(3, 13),
        amount: 260,
        paid: false,
        notes: 'Deep clean; antiques in den.',
      },
      { inquiryId: id(3), dateTime: daysFromNow(6, 18), amount: 180, paid: false, notes: null },
      { inquiryId: id(5), dateTime: daysFromNow(-140, 10), amount: 140, paid: true, notes: 'Spring clean.' },
    ]);

    const schedules = await tx
      .insert(recurringPayments)
      .values([
        { inquiryId: id(0), amount: 140, frequency: 'Biweekly', notes: 'Every other Tuesday morning.' },
        { inquiryId: id(1), amount: 260, frequency: 'Monthly', notes: 'First Friday of the month.' },
      ])
      .returning({ id: recurringPayments.id });
    const paid = await tx
      .insert(recurringPaid)
      .values([
        {
          recurringPaymentId: schedules[0]?.id ?? 0,
          amountPaid: 280,
          notes: 'Two visits paid by check.',
          submittedAt: daysFromNow(-8),
        },
        {
          recurringPaymentId: schedules[1]?.id ?? 0,
          amountPaid: 260,
          notes: null,
          submittedAt: daysFromNow(-5),
        },
      ])
      .returning({ id: recurringPaid.id });
    await tx.insert(recurringPaidDates).values([
      { recurringPaidId: paid[0]?.id ?? 0, dateTime: daysFromNow(-14, 9) },
      { recurringPaidId: paid[0]?.id ?? 0, dateTime: daysFromNow(0, 9) },
      { recurringPaidId: paid[1]?.id ?? 0, dateTime: daysFromNow(-5, 10) },
    ]);
  });
  return true;
}

/** An absolute link to a shipped demo image on this app's own host (as older versions stored them). */
const OWN_DEMO_LINK = String.raw`^https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]+)?(/demo/[A-Za-z0-9._-]+)$`;

/**
 * Rewrites absolute demo-image links (`http://localhost:3000/demo/x.svg`, or under PUBLIC_URL) to `/demo/x.svg`,
 * so they load on any host name. Idempotent: run at every start; a second run matches nothing.
 * Not a migration on purpose: PUBLIC_URL is configuration, which migrations cannot see.
 */
export async function relativizeDemoLinks(db: Db, publicUrl: string) {
  const own = `${publicUrl}/demo/`;
  for (const [table, column] of [
    ['packages', 'image_url'],
    ['gallery_photos', 'image_url'],
    ['reviews', 'photo_url'],
  ] as const) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    await db.execute(sql`
      update ${t} set ${c} = case
          when starts_with(${c}, ${own}) then '/demo/' || substr(${c}, ${own.length + 1})
          else regexp_replace(${c}, ${OWN_DEMO_LINK}, ${'\\3'})
        end
      where starts_with(${c}, ${own}) or ${c} ~ ${OWN_DEMO_LINK}`);
  }
}
